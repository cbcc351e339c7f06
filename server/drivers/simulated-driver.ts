/**
 * The simulated cluster driver, the demo default: pure in-memory. A started job runs for exactly its
 * estimated duration on the injected clock (usually a sim clock at e.g. 60x), then succeeds; cancel
 * stops it at once. Telemetry is derived, not stored: a GPU's utilization at time t is the sum of the
 * shares of the jobs running on it at t, lowered by a seeded jitter that depends only on (seed, GPU,
 * minute), so reading telemetry twice for the same instant gives the same numbers whatever the call
 * order. Power follows the GPU model's idle/max watts (see gpu-power.ts).
 * Jobs and their phases are in simulated-jobs.ts, the capacity check in simulated-capacity.ts and
 * the telemetry in simulated-telemetry.ts.
 */
import type { GpuPowerModel } from "./gpu-power";
import { assertCapacity } from "./simulated-capacity";
import { findSimJob, newSimJob, phaseAt, progressAt, type SimJob } from "./simulated-jobs";
import { readSimTelemetry } from "./simulated-telemetry";
import { assertValidStartRequest, DriverError, type Clock, type ClusterDriver, type InventoryNode, type StartJobRequest } from "./types";

/** Options of {@link createSimulatedDriver}. */
export interface SimulatedDriverOptions {
  nodes: InventoryNode[];
  /** Power figures per GPU model code; every GPU model of `nodes` must be present. */
  gpuPower: Record<string, GpuPowerModel>;
  clock: Clock;
  seed: number;
  /** Largest relative drop of utilization below the job's share (0..1); default 0.1. */
  jitter?: number;
}

/** The in-memory driver plus simulator-only controls. */
export interface SimulatedDriver extends ClusterDriver {
  readonly kind: "simulated";
  /** Fails a running job now (to exercise failure handling in the control loop). */
  failJob(jobId: string, message: string): void;
  /**
   * Re-attaches a job that was already running when the control loop restarted: it keeps the start
   * it had (`startMs` on this driver's clock), so its progress and end are unchanged.
   */
  restoreJob(request: StartJobRequest, startMs: number): void;
  /** Drops a finished job from memory (telemetry only looks at running jobs). */
  forgetJob(jobId: string): void;
}

/** The jitter, checked; every GPU model of the inventory must have power figures. */
function checkedJitter(options: SimulatedDriverOptions): number {
  const jitter = options.jitter ?? 0.1;
  if (!(jitter >= 0 && jitter <= 1)) throw new DriverError("CONFIG", `jitter must be within 0..1, got ${jitter}`, { field: "jitter" });
  for (const n of options.nodes) {
    if (n.gpuCount > 0 && (!n.gpuModel || !options.gpuPower[n.gpuModel])) {
      throw new DriverError("CONFIG", `node ${n.name}: no power figures for GPU model "${n.gpuModel}"`, { node: n.name, field: "gpuModel" });
    }
  }
  return jitter;
}

/** A new job must not reuse the id of one this cluster already has. */
function assertNew(jobs: ReadonlyMap<string, SimJob>, request: StartJobRequest): void {
  if (jobs.has(request.jobId)) throw new DriverError("DUPLICATE_JOB", `job ${request.jobId} was already started`, { jobId: request.jobId });
}

/** Creates a simulated cluster over a fixed inventory. */
export function createSimulatedDriver(options: SimulatedDriverOptions): SimulatedDriver {
  const jitter = checkedJitter(options);
  const nodes = new Map(options.nodes.map((n) => [n.name, n]));
  const jobs = new Map<string, SimJob>();
  const telemetry = { nodes: options.nodes, gpuPower: options.gpuPower, seed: options.seed, jitter, jobs };

  return {
    kind: "simulated",

    async listInventory() {
      return options.nodes.map((n) => ({ ...n, labels: { ...n.labels } }));
    },

    async startJob(request) {
      assertValidStartRequest(request);
      assertNew(jobs, request);
      const t = options.clock();
      assertCapacity(nodes, jobs.values(), request, t);
      jobs.set(request.jobId, newSimJob(request, t));
    },

    async pollJob(jobId) {
      return progressAt(findSimJob(jobs, jobId), options.clock());
    },

    async readTelemetry(atMs) {
      return readSimTelemetry(telemetry, atMs);
    },

    async cancelJob(jobId) {
      const job = findSimJob(jobs, jobId);
      const t = options.clock();
      if (phaseAt(job, t) !== "running" && phaseAt(job, t) !== "pending") return;
      job.stop = { atMs: t, phase: "cancelled", message: "cancelled" };
    },

    restoreJob(request, startMs) {
      assertValidStartRequest(request);
      assertNew(jobs, request);
      jobs.set(request.jobId, newSimJob(request, startMs));
    },
    forgetJob(jobId) {
      jobs.delete(jobId);
    },
    failJob(jobId, message) {
      const job = findSimJob(jobs, jobId);
      const t = options.clock();
      if (phaseAt(job, t) !== "running") throw new DriverError("INVALID_REQUEST", `job ${jobId} is not running; only a running job can fail`, { jobId });
      job.stop = { atMs: t, phase: "failed", message };
    },
  };
}
