/**
 * Normalizes a submitted job into the stored request: a compute-native request carries no GPU count,
 * share or model list (the engine picks them); a model request carries no compute amount. Shared by
 * submission and the preview so both ask the scheduler exactly the same question.
 */
import type { JobSubmit } from "../schemas/job-submit";

/** The job's request fields as stored on the Job row. */
export function normalizeJobRequest(job: JobSubmit) {
  const compute = job.requestMode === "compute";
  return {
    kind: job.kind,
    cpuMilli: job.cpuMilli,
    memoryMib: job.memoryMib,
    gpuCount: compute ? 0 : job.gpuCount,
    gpuMilli: compute ? 0 : job.gpuMilli,
    allowedGpuModels: compute ? [] : job.allowedGpuModels,
    computeUnits: compute ? job.computeUnits : null,
    minGpuMemoryGib: compute ? job.minGpuMemoryGib : null,
    gangSize: job.gangSize,
    gangSameRack: job.gangSize > 1 && job.gangSameRack,
    estimatedDurationS: job.estimatedDurationS,
    earliestStartAt: job.earliestStartAt,
    deadlineAt: job.deadlineAt,
    allowedRegions: job.allowedRegions,
    allowSplit: job.allowSplit,
    maxRunRetries: job.maxRunRetries,
    checkpointIntervalS: job.checkpointIntervalS,
    // Elastic when it may start with fewer nodes than gangSize (the most): the engine tries max down to min.
    ...(job.minMembers !== null && job.minMembers !== undefined && job.minMembers < job.gangSize && !compute
      ? { minMembers: job.minMembers, maxMembers: job.gangSize }
      : { minMembers: null, maxMembers: null }),
  };
}
