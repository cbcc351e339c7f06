/**
 * Telemetry of the simulated cluster, derived rather than stored: a GPU's utilization at t is the sum
 * of the shares of the jobs running on it at t, lowered by a seeded jitter that depends only on
 * (seed, GPU, minute), so two reads of the same instant agree whatever the call order.
 */
import { createRng, mixSeed } from "../engine";
import { gpuPowerWatts, hashString, type GpuPowerModel } from "./gpu-power";
import { activeAt, type SimJob } from "./simulated-jobs";
import type { GpuTelemetry, InventoryNode, TelemetryReport } from "./types";

const MINUTE_MS = 60_000;

/** What the telemetry of one simulated cluster is computed from. */
export interface SimTelemetrySource {
  nodes: InventoryNode[];
  gpuPower: Record<string, GpuPowerModel>;
  seed: number;
  /** Largest relative drop of utilization below the jobs' share (0..1). */
  jitter: number;
  jobs: ReadonlyMap<string, SimJob>;
}

/** Utilization drop factor for one GPU in one minute, in [1 - jitter, 1]. */
function load(source: SimTelemetrySource, node: string, gpuIndex: number, atMs: number): number {
  const rng = createRng(mixSeed(mixSeed(source.seed, hashString(`${node}#${gpuIndex}`)), Math.floor(atMs / MINUTE_MS)));
  return 1 - source.jitter * rng.next();
}

/** The share of one GPU held at `atMs`, and by which jobs. */
function holdersOf(jobs: ReadonlyMap<string, SimJob>, node: string, g: number, atMs: number): { share: number; jobIds: string[] } {
  let share = 0;
  const jobIds: string[] = [];
  for (const [id, job] of jobs) {
    if (!activeAt(job, atMs)) continue;
    const a = job.request.assignments.find((x) => x.node === node && x.gpuIndices.includes(g));
    if (!a) continue;
    share += a.milliPerGpu / 1000;
    jobIds.push(id);
  }
  return { share, jobIds };
}

/** Every GPU's utilization and power at `atMs`. */
export function readSimTelemetry(source: SimTelemetrySource, atMs: number): TelemetryReport {
  const gpus: GpuTelemetry[] = [];
  for (const node of source.nodes) {
    if (!node.gpuModel) continue;
    const power = source.gpuPower[node.gpuModel] as GpuPowerModel;
    for (let g = 0; g < node.gpuCount; g++) {
      const { share, jobIds } = holdersOf(source.jobs, node.name, g, atMs);
      const utilization = share === 0 ? 0 : Math.min(1, share * load(source, node.name, g, atMs));
      gpus.push({ node: node.name, gpuIndex: g, gpuModel: node.gpuModel, atMs, utilization, powerWatts: gpuPowerWatts(power, utilization), jobIds });
    }
  }
  return { atMs, gpus, unavailableReason: null };
}
