/** Job (pod) requests: what one member of a job needs, and how many members a gang has. */
import { EngineError } from "../errors";
import { MILLI_GPU_PER_GPU } from "./units";

/** One node-affinity term: the node's label `key` must (In) or must not (NotIn) be one of `values`, or exist. */
export interface AffinityTerm {
  readonly key: string;
  readonly operator: "In" | "NotIn" | "Exists";
  readonly values?: readonly string[];
}

/** A job request. Every member of a gang asks for the same per-member resources. */
export interface JobRequest {
  readonly id?: string;
  readonly tenant?: string;
  readonly cpuMilli: number;
  readonly memoryMib: number;
  /** GPUs per member: 0 (CPU-only), 1, 2, 4, 8, ... */
  readonly gpuCount: number;
  /** Share per GPU, milli-GPU. Below 1000 only for single-GPU sharing jobs; 0 when gpuCount is 0. */
  readonly gpuMilliPerGpu: number;
  /** Allowed GPU models; empty = any. */
  readonly allowedGpuModels: readonly string[];
  /** Labels the node must carry with exactly these values. */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Additional affinity terms, all of which must hold. */
  readonly nodeAffinity?: readonly AffinityTerm[];
  /** Members of a multi-node job (all placed or none); default 1. */
  readonly gangSize?: number;
  /**
   * Whether a gang must stay inside one rack (a hard constraint). Default false: the placer then puts
   * the gang in the tightest topology group that holds it and states the cost (placement/topology.ts).
   */
  readonly gangSameRack?: boolean;
}

/** True for a single-GPU job asking for part of one GPU. */
export function isSharingJob(job: JobRequest): boolean {
  return job.gpuCount === 1 && job.gpuMilliPerGpu < MILLI_GPU_PER_GPU;
}

/** Total GPU request of the job (all members) in milli-GPU. */
export function jobGpuMilli(job: JobRequest): number {
  return job.gpuCount * job.gpuMilliPerGpu * (job.gangSize ?? 1);
}

/** Throws INVALID_JOB unless the request obeys the model's rules (whole numbers, sharing only on 1 GPU). */
export function assertValidJob(job: JobRequest): void {
  const whole = (v: number) => Number.isInteger(v) && v >= 0;
  const fail = (why: string) => {
    throw new EngineError("INVALID_JOB", `${job.id ?? "job"}: ${why}`, { job });
  };
  if (!whole(job.cpuMilli) || !whole(job.memoryMib) || !whole(job.gpuCount) || !whole(job.gpuMilliPerGpu)) {
    fail("cpuMilli, memoryMib, gpuCount and gpuMilliPerGpu must be whole numbers >= 0");
  }
  if (job.gpuCount === 0 && job.gpuMilliPerGpu !== 0) fail("gpuMilliPerGpu must be 0 when gpuCount is 0");
  if (job.gpuCount > 0 && (job.gpuMilliPerGpu < 1 || job.gpuMilliPerGpu > MILLI_GPU_PER_GPU)) {
    fail("gpuMilliPerGpu must be 1..1000 when the job asks for GPUs");
  }
  if (job.gpuCount > 1 && job.gpuMilliPerGpu !== MILLI_GPU_PER_GPU) fail("multi-GPU jobs take whole GPUs (gpuMilliPerGpu 1000)");
  const gang = job.gangSize ?? 1;
  if (!Number.isInteger(gang) || gang < 1) fail("gangSize must be a whole number >= 1");
}
