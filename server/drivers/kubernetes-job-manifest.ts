/**
 * batch/v1 Job manifests for a placed Verdant job, and Job status to driver phase. One Kubernetes Job
 * per node of the placement, each pinned to its node, so a gang spread over nodes lands exactly
 * where the placement engine put it. The device plugin, not Verdant, picks the physical GPUs on the
 * node, so the chosen GPU indices and share travel as annotations (for the operator and for a
 * sharing-aware device plugin); the limit is whole GPUs, or one unit of `sharedGpuResource` (e.g. a
 * time-slicing resource) for a GPU-sharing job when configured.
 */
import type { V1Job, V1JobStatus } from "@kubernetes/client-node";
import { GPU_RESOURCE } from "./kubernetes-inventory";
import type { DriverJobPhase, NodeAssignment, StartJobRequest } from "./types";

/** Label holding the Verdant job id on every object the driver creates. */
export const JOB_ID_LABEL = "verdant.io/job-id";
/** Label marking objects as managed by Verdant. */
export const MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";

/** How a Job is pinned: nodeName bypasses the scheduler, the hostname selector goes through it. */
export type NodePinning = "nodeName" | "nodeSelector";

/** Options for manifests. */
export interface ManifestOptions {
  pinning: NodePinning;
  /** Start of every tenant namespace's name (the cluster's connection setting, e.g. "verdant-"). */
  namespacePrefix: string;
  defaultImage: string;
  /** Extended resource requested by GPU-sharing jobs instead of a whole nvidia.com/gpu; null = whole GPU. */
  sharedGpuResource: string | null;
}

/** DNS-1123 label: lowercase alphanumerics and '-', at most 63 characters. */
export function dnsLabel(text: string, maxLength = 63): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cleaned.slice(0, maxLength).replace(/-+$/g, "") || "x";
}

/** Namespace prefix of a cluster whose connection names none. */
export const DEFAULT_NAMESPACE_PREFIX = "verdant-";

/**
 * The tenant's namespace: `<prefix><tenant-slug>`. The admin form keeps prefix + slug a valid
 * DNS-1123 label; dnsLabel still cleans a prefix stored before that check.
 */
export function tenantNamespace(namespacePrefix: string, tenantSlug: string): string {
  return dnsLabel(`${namespacePrefix}${tenantSlug}`);
}

/** Name of the Kubernetes Job for the i-th node of a placement. */
export function kubernetesJobName(jobId: string, index: number): string {
  return `${dnsLabel(`vj-${jobId}`, 56)}-${index}`;
}

function limits(a: NodeAssignment, options: ManifestOptions): Record<string, string> {
  const out: Record<string, string> = { cpu: `${a.cpuMilli}m`, memory: `${a.memoryMib}Mi` };
  if (a.gpuIndices.length === 0) return out;
  if (a.milliPerGpu < 1000 && options.sharedGpuResource) out[options.sharedGpuResource] = "1";
  else out[GPU_RESOURCE] = String(a.gpuIndices.length);
  return out;
}

/**
 * What the workload needs to resume: a run after a preemption or an interrupted run is a new Job
 * (the old one was deleted) told to load its checkpoint (VERDANT_RESUME=1) and how much work that
 * checkpoint holds; a checkpointing job also learns its interval.
 */
export function resumeEnv(request: StartJobRequest): { name: string; value: string }[] {
  const env: { name: string; value: string }[] = [];
  if ((request.resumeFromWorkS ?? 0) > 0) {
    env.push({ name: "VERDANT_RESUME", value: "1" }, { name: "VERDANT_RESUME_FROM_WORK_S", value: String(request.resumeFromWorkS) });
  }
  if (request.checkpointIntervalS) env.push({ name: "VERDANT_CHECKPOINT_INTERVAL_S", value: String(request.checkpointIntervalS) });
  return env;
}

/** One Job per assignment, in assignment order. */
export function buildJobManifests(request: StartJobRequest, options: ManifestOptions): V1Job[] {
  const namespace = tenantNamespace(options.namespacePrefix, request.tenantSlug);
  return request.assignments.map((a, index) => {
    const labels = { [JOB_ID_LABEL]: dnsLabel(request.jobId), [MANAGED_BY_LABEL]: "verdant" };
    const placement = options.pinning === "nodeName" ? { nodeName: a.node } : { nodeSelector: { "kubernetes.io/hostname": a.node } };
    return {
      apiVersion: "batch/v1",
      kind: "Job",
      metadata: {
        name: kubernetesJobName(request.jobId, index),
        namespace,
        labels,
        annotations: {
          "verdant.io/job-id": request.jobId,
          "verdant.io/tenant": request.tenantSlug,
          "verdant.io/gpu-indices": a.gpuIndices.join(","),
          "verdant.io/gpu-milli": String(a.milliPerGpu),
          "verdant.io/gang": `${index + 1}/${request.assignments.length}`,
        },
      },
      spec: {
        // The control loop decides about retries (it may place the job elsewhere), not Kubernetes.
        backoffLimit: 0,
        // Finished Jobs stay a day for operators to inspect, then Kubernetes garbage-collects them.
        ttlSecondsAfterFinished: 86_400,
        template: {
          metadata: { labels },
          spec: {
            restartPolicy: "Never",
            ...placement,
            containers: [
              {
                name: "main",
                image: request.image ?? options.defaultImage,
                ...(request.command ? { command: request.command } : {}),
                ...(resumeEnv(request).length ? { env: resumeEnv(request) } : {}),
                resources: { requests: { cpu: `${a.cpuMilli}m`, memory: `${a.memoryMib}Mi` }, limits: limits(a, options) },
              },
            ],
          },
        },
      },
    } satisfies V1Job;
  });
}

/** Phase of one Kubernetes Job from its status (backoffLimit 0: one failed pod fails the Job). */
export function phaseFromJobStatus(status: V1JobStatus | undefined): { phase: DriverJobPhase; message: string | null } {
  const condition = status?.conditions?.find((c) => (c.type === "Failed" || c.type === "Complete") && c.status === "True");
  if (condition?.type === "Failed" || (status?.failed ?? 0) > 0) {
    return { phase: "failed", message: condition ? `${condition.reason ?? "Failed"}: ${condition.message ?? ""}`.trim() : `${status?.failed} pod(s) failed` };
  }
  if (condition?.type === "Complete" || (status?.succeeded ?? 0) > 0) return { phase: "succeeded", message: null };
  if ((status?.active ?? 0) > 0) return { phase: "running", message: null };
  return { phase: "pending", message: null };
}

/** Combines the phases of a gang's Jobs: any failure fails it, all succeeded succeeds it. */
export function combinePhases(phases: DriverJobPhase[]): DriverJobPhase {
  if (phases.includes("failed")) return "failed";
  if (phases.includes("cancelled")) return "cancelled";
  if (phases.every((p) => p === "succeeded")) return "succeeded";
  if (phases.some((p) => p === "running" || p === "succeeded")) return "running";
  return "pending";
}
