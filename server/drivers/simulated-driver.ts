/**
 * The simulated cluster driver, the demo default: pure in-memory. A started job runs for exactly its
 * estimated duration on the injected clock (usually a sim clock at e.g. 60x), then succeeds; cancel
 * stops it at once. Telemetry is derived, not stored: a GPU's utilization at time t is the sum of the
 * shares of the jobs running on it at t, lowered by a seeded jitter that depends only on (seed, GPU,
 * minute), so reading telemetry twice for the same instant gives the same numbers whatever the call
 * order. Power follows the GPU model's idle/max watts (see gpu-power.ts).
 */
import { createRng, mixSeed } from "../engine";
import { gpuPowerWatts, hashString, type GpuPowerModel } from "./gpu-power";
import {
  assertValidStartRequest,
  DriverError,
  type Clock,
  type ClusterDriver,
  type DriverJobPhase,
  type GpuTelemetry,
  type InventoryNode,
  type JobProgress,
  type StartJobRequest,
  type TelemetryReport,
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
}

interface SimJob {
  request: StartJobRequest;
  startMs: number;
  endMs: number;
  /** Set when cancelled or failed before endMs. */
  stop: { atMs: number; phase: "cancelled" | "failed"; message: string } | null;
}

const MINUTE_MS = 60_000;

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

/** Creates a simulated cluster over a fixed inventory. */
export function createSimulatedDriver(options: SimulatedDriverOptions): SimulatedDriver {
  const jitter = options.jitter ?? 0.1;
  if (!(jitter >= 0 && jitter <= 1)) throw new DriverError("CONFIG", `jitter must be within 0..1, got ${jitter}`, { field: "jitter" });
  const nodes = new Map(options.nodes.map((n) => [n.name, n]));
  for (const n of options.nodes) {
    if (n.gpuCount > 0 && (!n.gpuModel || !options.gpuPower[n.gpuModel])) {
      throw new DriverError("CONFIG", `node ${n.name}: no power figures for GPU model "${n.gpuModel}"`, { node: n.name, field: "gpuModel" });
    }
  }
  const jobs = new Map<string, SimJob>();

  const stoppedAt = (job: SimJob) => job.stop?.atMs ?? job.endMs;
  const activeAt = (job: SimJob, t: number) => job.startMs <= t && t < stoppedAt(job);
  const phaseAt = (job: SimJob, t: number): DriverJobPhase => {
    if (t < job.startMs) return "pending";
    if (job.stop && t >= job.stop.atMs) return job.stop.phase;
    return t >= job.endMs ? "succeeded" : "running";
  };
  const find = (jobId: string) => {
    const job = jobs.get(jobId);
    if (!job) throw new DriverError("UNKNOWN_JOB", `job ${jobId} was never started on this simulated cluster`, { jobId });
    return job;
  };

  function assertCapacity(request: StartJobRequest, t: number): void {
    for (const a of request.assignments) {
      const node = nodes.get(a.node);
      if (!node) throw new DriverError("UNKNOWN_NODE", `job ${request.jobId}: node ${a.node} is not in this cluster`, { jobId: request.jobId, node: a.node });
      if (!node.schedulable) throw new DriverError("CAPACITY", `job ${request.jobId}: node ${a.node} is not schedulable`, { node: a.node });
      const bad = a.gpuIndices.find((g) => g >= node.gpuCount);
      if (bad !== undefined)
        throw new DriverError("INVALID_REQUEST", `job ${request.jobId}: node ${a.node} has ${node.gpuCount} GPUs, no index ${bad}`, {
          node: a.node,
          gpuIndex: bad,
        });
      let cpu = a.cpuMilli;
      let mem = a.memoryMib;
      const gpuMilli = new Map<number, number>(a.gpuIndices.map((g) => [g, a.milliPerGpu]));
      for (const other of jobs.values()) {
        if (!activeAt(other, t)) continue;
        for (const o of other.request.assignments) {
          if (o.node !== a.node) continue;
          cpu += o.cpuMilli;
          mem += o.memoryMib;
          for (const g of o.gpuIndices) if (gpuMilli.has(g)) gpuMilli.set(g, (gpuMilli.get(g) ?? 0) + o.milliPerGpu);
        }
      }
      if (cpu > node.cpuMilli)
        throw new DriverError("CAPACITY", `job ${request.jobId}: node ${a.node} would need ${cpu} of ${node.cpuMilli} milli-CPU`, {
          node: a.node,
          field: "cpuMilli",
        });
      if (mem > node.memoryMib)
        throw new DriverError("CAPACITY", `job ${request.jobId}: node ${a.node} would need ${mem} of ${node.memoryMib} MiB`, {
          node: a.node,
          field: "memoryMib",
        });
      for (const [g, milli] of gpuMilli) {
        if (milli > 1000)
          throw new DriverError("CAPACITY", `job ${request.jobId}: GPU ${a.node}#${g} would hold ${milli} of 1000 milli`, { node: a.node, gpuIndex: g });
      }
    }
  }

  /** Utilization drop factor for one GPU in one minute, in [1 - jitter, 1]. */
  function load(node: string, gpuIndex: number, atMs: number): number {
    const rng = createRng(mixSeed(mixSeed(options.seed, hashString(`${node}#${gpuIndex}`)), Math.floor(atMs / MINUTE_MS)));
    return 1 - jitter * rng.next();
  }

  return {
    kind: "simulated",

    async listInventory() {
      return options.nodes.map((n) => ({ ...n, labels: { ...n.labels } }));
    },

    async startJob(request) {
      assertValidStartRequest(request);
      if (jobs.has(request.jobId)) throw new DriverError("DUPLICATE_JOB", `job ${request.jobId} was already started`, { jobId: request.jobId });
      const t = options.clock();
      assertCapacity(request, t);
      jobs.set(request.jobId, { request: structuredClone(request), startMs: t, endMs: t + request.estimatedDurationS * 1000, stop: null });
    },

    async pollJob(jobId): Promise<JobProgress> {
      const job = find(jobId);
      const t = options.clock();
      const phase = phaseAt(job, t);
      const end = Math.min(t, stoppedAt(job));
      const finished = phase === "succeeded" || phase === "failed" || phase === "cancelled";
      return {
        jobId,
        phase,
        fraction: Math.min(1, Math.max(0, (end - job.startMs) / (job.endMs - job.startMs))),
        startedAtMs: job.startMs,
        finishedAtMs: finished ? stoppedAt(job) : null,
        message: job.stop && finished ? job.stop.message : null,
      };
    },

    async readTelemetry(atMs): Promise<TelemetryReport> {
      const gpus: GpuTelemetry[] = [];
      for (const node of options.nodes) {
        if (!node.gpuModel) continue;
        const power = options.gpuPower[node.gpuModel] as GpuPowerModel;
        for (let g = 0; g < node.gpuCount; g++) {
          let share = 0;
          const jobIds: string[] = [];
          for (const [id, job] of jobs) {
            if (!activeAt(job, atMs)) continue;
            const a = job.request.assignments.find((x) => x.node === node.name && x.gpuIndices.includes(g));
            if (!a) continue;
            share += a.milliPerGpu / 1000;
            jobIds.push(id);
          }
          const utilization = share === 0 ? 0 : Math.min(1, share * load(node.name, g, atMs));
          gpus.push({ node: node.name, gpuIndex: g, gpuModel: node.gpuModel, atMs, utilization, powerWatts: gpuPowerWatts(power, utilization), jobIds });
        }
      }
      return { atMs, gpus, unavailableReason: null };
    },

    async cancelJob(jobId) {
      const job = find(jobId);
      const t = options.clock();
      if (phaseAt(job, t) !== "running" && phaseAt(job, t) !== "pending") return;
      job.stop = { atMs: t, phase: "cancelled", message: "cancelled" };
    },

    restoreJob(request, startMs) {
      assertValidStartRequest(request);
      if (jobs.has(request.jobId)) throw new DriverError("DUPLICATE_JOB", `job ${request.jobId} was already started`, { jobId: request.jobId });
      jobs.set(request.jobId, { request: structuredClone(request), startMs, endMs: startMs + request.estimatedDurationS * 1000, stop: null });
    },
    forgetJob(jobId) {
      jobs.delete(jobId);
    },
    failJob(jobId, message) {
      const job = find(jobId);
      const t = options.clock();
      if (phaseAt(job, t) !== "running") throw new DriverError("INVALID_REQUEST", `job ${jobId} is not running; only a running job can fail`, { jobId });
      job.stop = { atMs: t, phase: "failed", message };
    },
  };
}
