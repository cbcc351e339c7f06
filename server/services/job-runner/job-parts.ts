/** A job's stored placement read as parts per cluster, with the power figures of its GPU shares. */
import type { GpuShareSpec } from "../../accounting/energy-hours";
import type { NodeHolding } from "../../accounting/node-power-model";
import { parseStoredAssignments, type StoredAssignment } from "../../repositories/stored-json";
import { assignmentsFor, type DriverEntry } from "../cluster-drivers";
import type { JobRow } from "./runner-types";

/** Lookups over a job's stored assignments. */
export interface JobParts {
  /** Every stored assignment of the job's latest decision. */
  partsOf(job: JobRow): StoredAssignment[];
  /** The clusters the job was placed on, each once. */
  clustersOf(job: JobRow): string[];
  /** The job's GPU shares on one cluster with their models' power figures. */
  sharesOf(entry: DriverEntry, job: JobRow): GpuShareSpec[];
  /** The nodes the job holds on one cluster, with what it holds there (the node-share power model's input). */
  holdingsOf(entry: DriverEntry, job: JobRow): NodeHolding[];
}

/** Job-part lookups that parse each row's assignments once. */
export function createJobParts(): JobParts {
  // Parsed once per row: a cycle asks for a job's parts once per cluster and task.
  const parsed = new WeakMap<JobRow, StoredAssignment[]>();
  const partsOf = (job: JobRow): StoredAssignment[] => {
    let parts = parsed.get(job);
    if (!parts) parsed.set(job, (parts = parseStoredAssignments(job.decisions[0]?.assignments)));
    return parts;
  };
  return {
    partsOf,
    clustersOf: (job) => [...new Set(partsOf(job).map((a) => a.cluster))],
    sharesOf: (entry, job) =>
      assignmentsFor(entry.clusterId, partsOf(job)).flatMap((a) => {
        const model = entry.gpuPower[entry.nodeModels.get(a.node) ?? ""];
        return model ? a.gpuIndices.map(() => ({ ...model, milli: a.milliPerGpu })) : [];
      }),
    holdingsOf: (entry, job) =>
      assignmentsFor(entry.clusterId, partsOf(job)).map((a) => {
        const shape = entry.nodeShapes.get(a.node);
        const model = entry.gpuPower[entry.nodeModels.get(a.node) ?? ""];
        // A node gone from the inventory: the job's own request stands in for its capacity.
        return {
          node: {
            cpuMilli: shape?.cpuMilli ?? job.cpuMilli,
            memoryMib: shape?.memoryMib ?? job.memoryMib,
            gpuCount: shape?.gpuCount ?? a.gpuIndices.length,
            gpuIdleWatts: model?.idleWatts ?? 0,
            gpuMaxWatts: model?.maxWatts ?? 0,
          },
          held: { cpuMilli: job.cpuMilli, memoryMib: job.memoryMib, gpuMilli: a.gpuIndices.length * a.milliPerGpu },
        };
      }),
  };
}
