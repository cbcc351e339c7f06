/**
 * The job's power for accounting, by the engine's node-share model (so the coordinator's estimate and
 * the accounted energy agree): on each node the job holds, its GPUs, CPU and memory plus its share of
 * the node's idle power. GPU telemetry measures only the job's own GPUs, so the model also says which
 * part telemetry cannot see (`unmeteredWatts`: CPU, memory and the idle share beyond the job's GPUs),
 * which is added to measured hours.
 */
import { NODE_POWER_METHOD, nodeSharePowerWatts, sumNodeSharePower, type JobNodeHolding, type NodePowerShape } from "../engine";
import { DEFAULT_JOB_UTILIZATION } from "./energy-hours";

/** One node the job holds: the node's shape and what the job holds there. */
export interface NodeHolding {
  node: NodePowerShape;
  held: JobNodeHolding;
}

/** The job's modelled power and the part GPU telemetry does not measure. */
export interface JobPowerModel {
  /** Everything the model attributes to the job (W). */
  watts: number;
  /** What GPU telemetry would measure for the job's own GPUs: idle + (max - idle) x utilization (W). */
  meteredGpuWatts: number;
  /** watts - meteredGpuWatts, added to hours with telemetry (W). */
  unmeteredWatts: number;
  /** Versioned model name stored on each energy row. */
  method: string;
}

/** The node-share power of a job over the nodes it holds. */
export function jobPowerModel(holdings: readonly NodeHolding[], gpuUtilization = DEFAULT_JOB_UTILIZATION): JobPowerModel {
  const total = sumNodeSharePower(holdings.map((h) => nodeSharePowerWatts(h.node, h.held, { gpu: gpuUtilization })));
  const meteredGpuWatts = holdings.reduce(
    (w, h) => w + (h.held.gpuMilli / 1000) * (h.node.gpuIdleWatts + (h.node.gpuMaxWatts - h.node.gpuIdleWatts) * gpuUtilization),
    0,
  );
  return { watts: total.watts, meteredGpuWatts, unmeteredWatts: Math.max(0, total.watts - meteredGpuWatts), method: NODE_POWER_METHOD };
}
