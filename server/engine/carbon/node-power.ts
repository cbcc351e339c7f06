/**
 * Power of a job's share of a node ("node-share@1"): what the job draws itself plus its share of what
 * the node draws while idle, so a CPU-only job is charged and idle GPUs are not left unaccounted.
 *
 *   share          = the job's dominant share of the node: max(GPUs, CPU, memory fraction), 0..1
 *   GPU (W)        = GPUs held x (maxW - idleW) x GPU utilization            (dynamic part)
 *   CPU (W)        = vCPUs held x (cpuMaxW - cpuMinW) x CPU utilization       (dynamic part)
 *   memory (W)     = GiB held x memory W/GiB                                   (memory draws ~flat)
 *   idle share (W) = share x (node GPUs x idleW + node vCPUs x cpuMinW)
 *   job IT power   = GPU + CPU + memory + idle share
 * A job holding a whole node carries all of its idle power; one holding 1 of 8 GPUs carries one
 * GPU's idle power, as the GPU-only model did, plus its CPU and memory.
 *
 * Coefficients (Cloud Carbon Footprint methodology, cloudcarbonfootprint.org/docs/methodology, AWS
 * fleet averages from SPECpower): 0.74 W per vCPU at idle, 3.5 W at full load, 0.392 W per GB of
 * memory, and 50 % mean CPU utilization when the job states none.
 */
import { CarbonError } from "./errors";

/** Versioned name of this model, stored with every energy row it produced. */
export const NODE_POWER_METHOD = "node-share@1";
/** Idle and full-load watts per vCPU (CCF, AWS average). */
export const CPU_MIN_WATTS_PER_VCPU = 0.74;
export const CPU_MAX_WATTS_PER_VCPU = 3.5;
/** Watts per GiB of memory held (CCF's 0.392 W/GB). */
export const MEMORY_WATTS_PER_GIB = 0.392;
/** Mean CPU utilization assumed for a job (CCF's default). */
export const DEFAULT_CPU_UTILIZATION = 0.5;

/** The node a job runs on: its capacity and its GPUs' power figures. */
export interface NodePowerShape {
  readonly cpuMilli: number;
  readonly memoryMib: number;
  readonly gpuCount: number;
  /** Idle and maximum board power of the node's GPU model (0 without GPUs). */
  readonly gpuIdleWatts: number;
  readonly gpuMaxWatts: number;
}

/** What the job holds on that node. */
export interface JobNodeHolding {
  readonly cpuMilli: number;
  readonly memoryMib: number;
  /** Milli-GPU over all the GPUs it holds on the node (1000 = one whole GPU). */
  readonly gpuMilli: number;
}

/** The job's power on one node, by part (watts). */
export interface NodeSharePower {
  readonly watts: number;
  readonly gpuWatts: number;
  readonly cpuWatts: number;
  readonly memoryWatts: number;
  readonly idleShareWatts: number;
  /** Dominant share of the node, 0..1. */
  readonly share: number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** Power of a job's holding on one node by the node-share model; throws INVALID_ENERGY_INPUT on bad numbers. */
export function nodeSharePowerWatts(node: NodePowerShape, held: JobNodeHolding, utilization: { readonly gpu: number; readonly cpu?: number }): NodeSharePower {
  const cpuU = utilization.cpu ?? DEFAULT_CPU_UTILIZATION;
  const values = [node.cpuMilli, node.memoryMib, node.gpuCount, node.gpuIdleWatts, held.cpuMilli, held.memoryMib, held.gpuMilli];
  if (values.some((v) => !(v >= 0)) || node.gpuMaxWatts < node.gpuIdleWatts || !(utilization.gpu >= 0 && utilization.gpu <= 1) || !(cpuU >= 0 && cpuU <= 1))
    throw new CarbonError("INVALID_ENERGY_INPUT", "node power inputs out of range (non-negative sizes, idle <= max, utilizations 0..1)", { ...node, ...held });
  const gpus = held.gpuMilli / 1000;
  const share = Math.max(ratio(gpus, node.gpuCount), ratio(held.cpuMilli, node.cpuMilli), ratio(held.memoryMib, node.memoryMib));
  const gpuWatts = gpus * (node.gpuMaxWatts - node.gpuIdleWatts) * utilization.gpu;
  const cpuWatts = (held.cpuMilli / 1000) * (CPU_MAX_WATTS_PER_VCPU - CPU_MIN_WATTS_PER_VCPU) * cpuU;
  const memoryWatts = (held.memoryMib / 1024) * MEMORY_WATTS_PER_GIB;
  const idleShareWatts = share * (node.gpuCount * node.gpuIdleWatts + (node.cpuMilli / 1000) * CPU_MIN_WATTS_PER_VCPU);
  return { watts: gpuWatts + cpuWatts + memoryWatts + idleShareWatts, gpuWatts, cpuWatts, memoryWatts, idleShareWatts, share };
}

/** Sums per-node powers part by part (a gang or split job holds several nodes). */
export function sumNodeSharePower(parts: readonly NodeSharePower[]): Omit<NodeSharePower, "share"> {
  return parts.reduce(
    (t, p) => ({
      watts: t.watts + p.watts,
      gpuWatts: t.gpuWatts + p.gpuWatts,
      cpuWatts: t.cpuWatts + p.cpuWatts,
      memoryWatts: t.memoryWatts + p.memoryWatts,
      idleShareWatts: t.idleShareWatts + p.idleShareWatts,
    }),
    { watts: 0, gpuWatts: 0, cpuWatts: 0, memoryWatts: 0, idleShareWatts: 0 },
  );
}
