/**
 * The job side of the Kubernetes driver: a placed single-member job becomes one batch/v1 Job, a gang
 * one Indexed Job admitted all at once (kubernetes-gang-start.ts), in the tenant's namespace `<namespace prefix><tenant slug>` (created on first use); status is read from
 * the Jobs' active/succeeded/failed counts; cancel deletes them with propagationPolicy Background so
 * the pods go too.
 */
import type { BatchV1Api, CoreV1Api, V1Job } from "@kubernetes/client-node";
import { statusOf, type KubernetesApiCalls } from "./kubernetes-api";
import { isGangRequest, phaseOfJob } from "./kubernetes-gang-manifest";
import { startKubernetesGang } from "./kubernetes-gang-start";
import { buildJobManifests, combinePhases, dnsLabel, JOB_ID_LABEL, tenantNamespace, type ManifestOptions } from "./kubernetes-job-manifest";
import { assertValidStartRequest, DriverError, type Clock, type JobProgress, type StartJobRequest } from "./types";

/** A started job's Kubernetes Jobs, as this process knows them. */
export interface StartedJob {
  namespace: string;
  names: string[];
  estimatedDurationS: number;
  cancelledAtMs: number | null;
}

/** What the job operations of one cluster's driver share. */
export interface KubernetesJobContext {
  cluster: string;
  core: CoreV1Api;
  batch: BatchV1Api;
  api: KubernetesApiCalls;
  clock: Clock;
  manifest: ManifestOptions;
  /** Jobs started (or found) by this driver instance. */
  started: Map<string, StartedJob>;
  /** Namespaces known to exist. */
  namespaces: Set<string>;
}

/** Creates the namespace unless it is known to exist; an existing one (409) is fine. */
export async function ensureNamespace(ctx: KubernetesJobContext, namespace: string): Promise<void> {
  if (ctx.namespaces.has(namespace)) return;
  try {
    await ctx.api.timed(
      `create namespace ${namespace}`,
      ctx.core.createNamespace({ body: { metadata: { name: namespace, labels: { "app.kubernetes.io/managed-by": "verdant" } } } }),
    );
  } catch (error) {
    // 409: it exists already (another control loop or an earlier run made it).
    if (statusOf(error) !== 409) return ctx.api.call(`create namespace ${namespace}`, () => Promise.reject(error));
  }
  ctx.namespaces.add(namespace);
}

/** The Jobs of a Verdant job: remembered from startJob, else found by label (after a restart). */
export async function locateJob(ctx: KubernetesJobContext, jobId: string): Promise<StartedJob> {
  const known = ctx.started.get(jobId);
  if (known) return known;
  const selector = `${JOB_ID_LABEL}=${dnsLabel(jobId)}`;
  const list = await ctx.api.call(`list jobs labelled ${selector}`, () =>
    ctx.api.timed("list jobs", ctx.batch.listJobForAllNamespaces({ labelSelector: selector })),
  );
  const items = list.items.filter((j) => j.metadata?.name && j.metadata.namespace);
  const first = items[0];
  if (!first) throw new DriverError("UNKNOWN_JOB", `cluster ${ctx.cluster}: no Kubernetes Job is labelled ${JOB_ID_LABEL}=${jobId}`, { jobId });
  const job: StartedJob = {
    namespace: first.metadata?.namespace as string,
    names: items.map((j) => j.metadata?.name as string).sort(),
    estimatedDurationS: 0,
    cancelledAtMs: null,
  };
  ctx.started.set(jobId, job);
  return job;
}

/** Creates the job's Jobs in the tenant's namespace, all or nothing: one Job for one member, one Indexed Job for a gang. */
export async function startKubernetesJob(ctx: KubernetesJobContext, request: StartJobRequest): Promise<void> {
  assertValidStartRequest(request);
  if (ctx.started.has(request.jobId))
    throw new DriverError("DUPLICATE_JOB", `job ${request.jobId} was already started on ${ctx.cluster}`, { jobId: request.jobId });
  const namespace = tenantNamespace(ctx.manifest.namespacePrefix, request.tenantSlug);
  await ensureNamespace(ctx, namespace);
  if (isGangRequest(request)) return startKubernetesGang(ctx, request, namespace);
  const created: string[] = [];
  try {
    for (const body of buildJobManifests(request, ctx.manifest)) {
      const name = body.metadata?.name as string;
      try {
        await ctx.api.timed(`create Job ${namespace}/${name}`, ctx.batch.createNamespacedJob({ namespace, body }));
      } catch (error) {
        if (statusOf(error) === 409)
          throw new DriverError("DUPLICATE_JOB", `cluster ${ctx.cluster}: Job ${namespace}/${name} exists already`, { jobId: request.jobId, name });
        throw error;
      }
      created.push(name);
    }
  } catch (error) {
    // A gang is all or nothing: remove the members already created, best effort.
    await Promise.allSettled(
      created.map((name) =>
        ctx.api.timed(`delete Job ${namespace}/${name}`, ctx.batch.deleteNamespacedJob({ name, namespace, propagationPolicy: "Background" })),
      ),
    );
    return ctx.api.call(`create Job for ${request.jobId} in ${namespace}`, () => Promise.reject(error));
  }
  ctx.started.set(request.jobId, { namespace, names: created, estimatedDurationS: request.estimatedDurationS, cancelledAtMs: null });
}

/** The gang's progress from its Jobs' statuses. */
function progressOf(jobId: string, jobs: V1Job[], estimatedDurationS: number, nowMs: number): JobProgress {
  const states = jobs.map((j) => phaseOfJob(j));
  const phase = combinePhases(states.map((s) => s.phase));
  const starts = jobs.map((j) => j.status?.startTime?.getTime()).filter((t): t is number => t !== undefined);
  const ends = jobs.map((j) => j.status?.completionTime?.getTime()).filter((t): t is number => t !== undefined);
  const startedAtMs = starts.length > 0 ? Math.min(...starts) : null;
  const finished = phase === "succeeded" || phase === "failed";
  let fraction: number | null = null;
  if (phase === "succeeded") fraction = 1;
  // Kubernetes knows nothing about progress: estimate it from the clock, never reaching 1 early.
  else if (phase === "running" && startedAtMs !== null && estimatedDurationS > 0)
    fraction = Math.min(0.99, Math.max(0, (nowMs - startedAtMs) / (estimatedDurationS * 1000)));
  return {
    jobId,
    phase,
    fraction,
    startedAtMs,
    finishedAtMs: finished && ends.length === jobs.length ? Math.max(...ends) : finished ? nowMs : null,
    message: states.map((s) => s.message).find((m) => m !== null) ?? null,
  };
}

/** Reads the gang's Jobs; one deleted outside Verdant fails the job. */
export async function pollKubernetesJob(ctx: KubernetesJobContext, jobId: string): Promise<JobProgress> {
  const job = await locateJob(ctx, jobId);
  if (job.cancelledAtMs !== null)
    return { jobId, phase: "cancelled", fraction: null, startedAtMs: null, finishedAtMs: job.cancelledAtMs, message: "cancelled" };
  const jobs: V1Job[] = [];
  for (const name of job.names) {
    try {
      jobs.push(await ctx.api.timed(`read Job ${job.namespace}/${name}`, ctx.batch.readNamespacedJob({ name, namespace: job.namespace })));
    } catch (error) {
      if (statusOf(error) !== 404) return ctx.api.call(`read Job ${job.namespace}/${name}`, () => Promise.reject(error));
      const message = `Job ${job.namespace}/${name} disappeared (deleted outside Verdant)`;
      return { jobId, phase: "failed", fraction: null, startedAtMs: null, finishedAtMs: null, message };
    }
  }
  return progressOf(jobId, jobs, job.estimatedDurationS, ctx.clock());
}

/** Deletes the gang's Jobs unless they finished; cancelling twice is a no-op. */
export async function cancelKubernetesJob(ctx: KubernetesJobContext, jobId: string): Promise<void> {
  const job = await locateJob(ctx, jobId);
  if (job.cancelledAtMs !== null) return;
  // A finished job keeps its outcome; Kubernetes removes it later (ttlSecondsAfterFinished).
  const { phase } = await pollKubernetesJob(ctx, jobId);
  if (phase === "succeeded" || phase === "failed") return;
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
  job.cancelledAtMs = ctx.clock();
}
