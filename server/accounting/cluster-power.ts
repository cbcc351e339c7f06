/**
 * A cluster's GPU power by the power model, for clusters (or history) without telemetry: every GPU
 * draws idle power, plus (max - idle) x utilization for the part of it that is allocated, with the
 * same mean utilization the job power model uses.
 */
import { DEFAULT_JOB_UTILIZATION } from "./energy-hours";

/** One GPU's power figures and allocation. */
export interface GpuLoad {
  idleWatts: number;
  maxWatts: number;
  /** 0..1000 milli-GPU allocated. */
  allocatedMilli: number;
}

/** Watts drawn by these GPUs under the power model. */
export function clusterPowerModelWatts(gpus: Iterable<GpuLoad>, utilization = DEFAULT_JOB_UTILIZATION): number {
  let watts = 0;
  for (const g of gpus) watts += g.idleWatts + (g.maxWatts - g.idleWatts) * utilization * Math.min(1, g.allocatedMilli / 1000);
  return watts;
}
