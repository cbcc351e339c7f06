/**
 * The Kubernetes manifest of a gang (a job with two or more members): ONE batch/v1 Indexed Job with
 * completions = parallelism = members, created suspended. A suspended Job creates no pods; the driver
 * resumes it only once every node of the placement is admitted (present, Ready, schedulable; see
 * kubernetes-jobs.ts), so the cluster never holds half a gang: either all members' pods are created
 * together, or the Job is deleted and none is.
 *
 * Pinning: one pod template serves every index, so members cannot be pinned one by one with nodeName.
 * The template's required node affinity allows exactly the placement's nodes (kubernetes.io/hostname
 * In [...]), each pod asks for one member's resources, and Verdant has reserved those resources on
 * those nodes, so the scheduler lands the members where the placement engine put them. Which member
 * got which GPUs travels in the `verdant.io/gang-assignments` annotation (index -> node, GPU indices,
 * share), for the operator and a sharing-aware device plugin; each pod reads its own index from
 * JOB_COMPLETION_INDEX, which Kubernetes sets in Indexed Jobs.
 */
import type { V1Job } from "@kubernetes/client-node";
import { GPU_RESOURCE } from "./kubernetes-inventory";
import { dnsLabel, JOB_ID_LABEL, MANAGED_BY_LABEL, phaseFromJobStatus, resumeEnv, tenantNamespace, type ManifestOptions } from "./kubernetes-job-manifest";
import type { DriverJobPhase, NodeAssignment, StartJobRequest } from "./types";

/** Name of a gang's single Indexed Job. */
export function kubernetesGangJobName(jobId: string): string {
  return `${dnsLabel(`vj-${jobId}`, 56)}-gang`;
}

/** Whether a start request is a gang (two or more members), which runs as one Indexed Job. */
export function isGangRequest(request: StartJobRequest): boolean {
  return request.assignments.length > 1;
}

function memberLimits(a: NodeAssignment, options: ManifestOptions): Record<string, string> {
  const out: Record<string, string> = { cpu: `${a.cpuMilli}m`, memory: `${a.memoryMib}Mi` };
  if (a.gpuIndices.length === 0) return out;
  if (a.milliPerGpu < 1000 && options.sharedGpuResource) out[options.sharedGpuResource] = "1";
  else out[GPU_RESOURCE] = String(a.gpuIndices.length);
  return out;
}

/** The gang's Indexed Job, suspended until the driver admits it. */
export function buildGangJobManifest(request: StartJobRequest, options: ManifestOptions): V1Job {
  const namespace = tenantNamespace(options.namespacePrefix, request.tenantSlug);
  const members = request.assignments.length;
  const first = request.assignments[0] as NodeAssignment;
  const labels = { [JOB_ID_LABEL]: dnsLabel(request.jobId), [MANAGED_BY_LABEL]: "verdant" };
  const nodes = [...new Set(request.assignments.map((a) => a.node))].sort();
  const env = [{ name: "VERDANT_GANG_SIZE", value: String(members) }, ...resumeEnv(request)];
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: {
      name: kubernetesGangJobName(request.jobId),
      namespace,
      labels,
      annotations: {
        "verdant.io/job-id": request.jobId,
        "verdant.io/tenant": request.tenantSlug,
        "verdant.io/gang": String(members),
        "verdant.io/gang-assignments": JSON.stringify(
          request.assignments.map((a, index) => ({ index, node: a.node, gpuIndices: a.gpuIndices, milliPerGpu: a.milliPerGpu })),
        ),
      },
    },
    spec: {
      completionMode: "Indexed",
      completions: members,
      parallelism: members,
      // Created suspended: no pod exists until the driver has admitted every member's node.
      suspend: true,
      // One failed member fails the gang; the control loop decides about retries, not Kubernetes.
      backoffLimit: 0,
      ttlSecondsAfterFinished: 86_400,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: "Never",
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchExpressions: [{ key: "kubernetes.io/hostname", operator: "In", values: nodes }] }],
              },
            },
          },
          containers: [
            {
              name: "main",
              image: request.image ?? options.defaultImage,
              ...(request.command ? { command: request.command } : {}),
              env,
              resources: { requests: { cpu: `${first.cpuMilli}m`, memory: `${first.memoryMib}Mi` }, limits: memberLimits(first, options) },
            },
          ],
        },
      },
    },
  } satisfies V1Job;
}

/**
 * Phase of a Job counting its completions: an Indexed gang has succeeded only when every index has
 * (the single-member rule "one success = done" would end a gang at its first finished member).
 */
export function phaseOfJob(job: V1Job): { phase: DriverJobPhase; message: string | null } {
  const completions = job.spec?.completions ?? 1;
  const base = phaseFromJobStatus(job.status);
  if (completions <= 1 || base.phase !== "succeeded") return base;
  const complete = job.status?.conditions?.some((c) => c.type === "Complete" && c.status === "True") ?? false;
  if (complete || (job.status?.succeeded ?? 0) >= completions) return base;
  return { phase: "running", message: null };
}
