/**
 * The Kubernetes driver's view of every Verdant job on its cluster (for reconciliation) and the
 * removal of a job's Jobs whatever their phase (so a retried run can be created again under the same
 * names). Jobs are found by the managed-by label the driver puts on everything it creates, limited
 * to the connection's tenant namespaces, and grouped by the job id annotation (the label is the id
 * cut to a DNS label).
 */
import type { V1Job } from "@kubernetes/client-node";
import { statusOf } from "./kubernetes-api";
import { combinePhases, JOB_ID_LABEL, MANAGED_BY_LABEL, phaseFromJobStatus } from "./kubernetes-job-manifest";
import type { KubernetesJobContext } from "./kubernetes-jobs";
import { DriverError, type ClusterJobListing, type DriverJobPhase } from "./types";

/** Annotation holding the full Verdant job id. */
const JOB_ID_ANNOTATION = "verdant.io/job-id";

/** The Verdant job a Kubernetes Job belongs to, or null for one without the marks. */
function jobIdOf(job: V1Job): string | null {
  return job.metadata?.annotations?.[JOB_ID_ANNOTATION] ?? job.metadata?.labels?.[JOB_ID_LABEL] ?? null;
}

/** Every Verdant job in the connection's namespaces, each with its gang's combined phase. */
export async function listKubernetesJobs(ctx: KubernetesJobContext): Promise<ClusterJobListing[]> {
  const selector = `${MANAGED_BY_LABEL}=verdant`;
  const list = await ctx.api.call(`list jobs labelled ${selector}`, () =>
    ctx.api.timed("list jobs", ctx.batch.listJobForAllNamespaces({ labelSelector: selector })),
  );
  const phases = new Map<string, DriverJobPhase[]>();
  for (const item of list.items) {
    const id = jobIdOf(item);
    if (!id || !(item.metadata?.namespace ?? "").startsWith(ctx.manifest.namespacePrefix)) continue;
    // A Job being deleted (cancelled by Verdant) is no longer a running job.
    const phase = item.metadata?.deletionTimestamp ? "cancelled" : phaseFromJobStatus(item.status).phase;
    phases.set(id, [...(phases.get(id) ?? []), phase]);
  }
  return [...phases].map(([jobId, p]) => ({ jobId, phase: ctx.started.get(jobId)?.cancelledAtMs != null ? "cancelled" : combinePhases(p) }));
}

/** Deletes the job's Jobs whatever their phase and forgets them; an unknown job is a no-op. */
export async function discardKubernetesJob(
  ctx: KubernetesJobContext,
  locate: () => Promise<{ namespace: string; names: string[] }>,
  jobId: string,
): Promise<void> {
  let job;
  try {
    job = await locate();
  } catch (error) {
    if (error instanceof DriverError && error.code === "UNKNOWN_JOB") return;
    throw error;
  }
  for (const name of job.names) {
    try {
      await ctx.api.timed(
        `delete Job ${job.namespace}/${name}`,
        ctx.batch.deleteNamespacedJob({ name, namespace: job.namespace, propagationPolicy: "Background" }),
      );
    } catch (error) {
      if (statusOf(error) !== 404) return ctx.api.call(`delete Job ${job.namespace}/${name}`, () => Promise.reject(error));
    }
  }
  ctx.started.delete(jobId);
}
