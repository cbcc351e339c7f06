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
import { simulatedJobEvents } from "./simulated-events";
import type { GpuPowerModel } from "./gpu-power";
import { assertCapacity } from "./simulated-capacity";
import { applyRunFailure, emptyFaults, nodeHealthOf, takesWork, type SimFaults } from "./simulated-faults";
import { findSimJob, newSimJob, phaseAt, progressAt, type SimJob } from "./simulated-jobs";
import { resizeSimJob } from "./simulated-resize";
import { readSimTelemetry } from "./simulated-telemetry";
import {
  assertValidStartRequest,
  DriverError,
  type Clock,
  type ClusterDriver,
  type InventoryNode,
  type NodeHealth,
  type NodeHealthStatus,
  type StartJobRequest,
} from "./types";

/** Options of {@link createSimulatedDriver}. */
export interface SimulatedDriverOptions {
  nodes: InventoryNode[];
  /** Power figures per GPU model code; every GPU model of `nodes` must be present. */
  gpuPower: Record<string, GpuPowerModel>;
  clock: Clock;
  seed: number;
  /** Largest relative drop of utilization below the job's share (0..1); default 0.1. */
  jitter?: number;
  /** Nodes that start unhealthy (the health stored before a restart); the others are READY. */
  health?: NodeHealth[];
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
  /** Sets a node's health (READY clears an injected fault); its jobs keep running, as pods on a lost node appear to. */
  setNodeHealth(node: string, status: NodeHealthStatus, reason?: string): void;
  /** Makes the job's next `runs` runs fail once they reach `atFraction` of their duration. */
  failRunAt(jobId: string, atFraction: number, message: string, runs?: number): void;
  /** Removes a job as if deleted behind the control loop's back; re-attaching it is refused. */
  loseJob(jobId: string): void;
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

/** A new job must not reuse the id of one this cluster still runs (a finished one is replaced: a retried run). */
function assertNew(jobs: ReadonlyMap<string, SimJob>, request: StartJobRequest, t: number): void {
  const known = jobs.get(request.jobId);
  if (known && (phaseAt(known, t) === "running" || phaseAt(known, t) === "pending"))
    throw new DriverError("DUPLICATE_JOB", `job ${request.jobId} was already started`, { jobId: request.jobId });
}

/** Creates a simulated cluster over a fixed inventory. */
export function createSimulatedDriver(options: SimulatedDriverOptions): SimulatedDriver {
  const jitter = checkedJitter(options);
  const nodes = new Map(options.nodes.map((n) => [n.name, n]));
  const jobs = new Map<string, SimJob>();
  const telemetry = { nodes: options.nodes, gpuPower: options.gpuPower, seed: options.seed, jitter, jobs };
  const faults: SimFaults = emptyFaults();
  for (const h of options.health ?? []) if (h.status !== "READY") faults.health.set(h.node, { status: h.status, reason: h.reason });
  /** The nodes as they take work now: an injected fault makes a node unschedulable. */
  const liveNodes = () => new Map(options.nodes.map((n) => [n.name, { ...n, schedulable: takesWork(n, faults) }]));

  return {
    kind: "simulated",

    async listInventory() {
      return options.nodes.map((n) => ({ ...n, labels: { ...n.labels }, schedulable: takesWork(n, faults) }));
    },

    async readNodeHealth() {
      return nodeHealthOf(options.nodes, faults);
    },

    async listJobs() {
      const t = options.clock();
      return [...jobs.values()].map((j) => ({ jobId: j.request.jobId, phase: phaseAt(j, t) }));
    },

    async startJob(request) {
      assertValidStartRequest(request);
      const t = options.clock();
      assertNew(jobs, request, t);
      assertCapacity(
        liveNodes(),
        [...jobs.values()].filter((j) => j.request.jobId !== request.jobId),
        request,
        t,
      );
      const job = newSimJob(request, t);
      applyRunFailure(job, faults);
      faults.lost.delete(request.jobId);
      jobs.set(request.jobId, job);
    },

    async pollJob(jobId) {
      return progressAt(findSimJob(jobs, jobId), options.clock());
    },

    async readTelemetry(atMs) {
      return readSimTelemetry(telemetry, atMs);
    },

    async readJobEvents(jobId) {
      return simulatedJobEvents(findSimJob(jobs, jobId), options.clock());
    },

    async cancelJob(jobId) {
      const job = findSimJob(jobs, jobId);
      const t = options.clock();
      if (phaseAt(job, t) !== "running" && phaseAt(job, t) !== "pending") return;
      job.stop = { atMs: t, phase: "cancelled", message: "cancelled" };
    },

    async discardJob(jobId) {
      jobs.delete(jobId);
    },

    async resizeJob(jobId, assignments) {
      const job = findSimJob(jobs, jobId);
      const t = options.clock();
      const others = [...jobs.values()].filter((j) => j.request.jobId !== jobId);
      assertCapacity(liveNodes(), others, { ...job.request, assignments }, t);
      resizeSimJob(job, assignments, t);
    },

    restoreJob(request, startMs) {
      assertValidStartRequest(request);
      if (faults.lost.has(request.jobId))
        throw new DriverError("UNKNOWN_JOB", `job ${request.jobId} is gone from this simulated cluster`, { jobId: request.jobId });
      assertNew(jobs, request, options.clock());
      const job = newSimJob(request, startMs);
      applyRunFailure(job, faults);
      jobs.set(request.jobId, job);
    },
    forgetJob(jobId) {
      jobs.delete(jobId);
    },
    setNodeHealth(node, status, reason) {
      if (!nodes.has(node)) throw new DriverError("UNKNOWN_NODE", `node ${node} is not in this cluster`, { node });
      if (status === "READY") faults.health.delete(node);
      else faults.health.set(node, { status, reason: reason ?? status.toLowerCase().replace("_", " ") });
    },
    failRunAt(jobId, atFraction, message, runs = 1) {
      if (!(atFraction >= 0 && atFraction <= 1))
        throw new DriverError("INVALID_REQUEST", `atFraction must be within 0..1, got ${atFraction}`, { field: "atFraction" });
      faults.runFailures.set(jobId, { atFraction, message, remaining: runs });
      // A run under way fails at that point of its own run.
      const running = jobs.get(jobId);
      const t = options.clock();
      if (running && phaseAt(running, t) === "running") {
        applyRunFailure(running, faults);
        // Already past that point of its run: it fails now.
        if (running.stop && running.stop.atMs < t) running.stop.atMs = t;
      }
    },
    loseJob(jobId) {
      jobs.delete(jobId);
      faults.lost.add(jobId);
    },
    failJob(jobId, message) {
      const job = findSimJob(jobs, jobId);
      const t = options.clock();
      if (phaseAt(job, t) !== "running") throw new DriverError("INVALID_REQUEST", `job ${jobId} is not running; only a running job can fail`, { jobId });
      job.stop = { atMs: t, phase: "failed", message };
    },
  };
}
