/**
 * One simulated cluster during a policy run: live state (every running job allocated), running jobs
 * and reservations as the coordinator sees them, GPU counters and its energy meter. Every change goes
 * through start/finish/setNodeReady so counters, idle power and energy stay in step with the state.
 */
import { nodeSharePowerWatts } from "../carbon/node-power";
import type { RunningJob, Reservation, GpuModelSpec } from "../coordinator/types";
import type { JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { allocate, release, type PlacementAssignment } from "../placement/allocate";
import type { EnergyMeter } from "./energy-meter";
import type { SimCluster, SimRunPart } from "./types";

/** Fallback board when a GPU model is not in the catalog (same as the coordinator's agent). */
const UNKNOWN_MODEL = { idleWatts: 50, maxWatts: 300 };

/** A running job's power draw and GPU milli on this cluster. */
interface Held {
  readonly job: JobRequest;
  readonly assignments: readonly PlacementAssignment[];
  readonly watts: number;
  readonly idleWatts: number;
  readonly milli: number;
  readonly startMs: number;
}

/** Live cluster of a run. */
export class SimClusterRun {
  state: ClusterState;
  readonly running = new Map<string, RunningJob>();
  private readonly reserved = new Map<string, Reservation>();
  /** Bumped on every change of state, running jobs or reservations (lets callers reuse what they built from them). */
  version = 0;
  private readonly held = new Map<string, Held>();
  allocatedMilli = 0;
  schedulableMilli = 0;

  constructor(
    readonly sim: SimCluster,
    readonly index: number,
    readonly meter: EnergyMeter,
    private readonly catalog: ReadonlyMap<string, GpuModelSpec>,
    /** Told of each finished stretch of a job on this cluster (validation of per-job estimates against the simulated truth). */
    private readonly onRunPart?: (part: SimRunPart) => void,
  ) {
    this.state = sim.state;
    for (const n of this.state.nodes) {
      if (!n.ready) continue;
      this.schedulableMilli += n.gpuMilliFree.length * 1000;
      meter.idleW += this.nodeIdleW(n);
    }
  }

  /** Reservations (EASY head and deferred jobs) by job id. */
  get reservations(): ReadonlyMap<string, Reservation> {
    return this.reserved;
  }

  /** Holds nodes for a job that starts later. */
  reserve(reservation: Reservation): void {
    this.reserved.set(reservation.jobId, reservation);
    this.version++;
  }

  /** Drops a job's reservation, if any. */
  unreserve(jobId: string): void {
    if (this.reserved.delete(jobId)) this.version++;
  }

  private spec(model: string | null) {
    return (model && this.catalog.get(model)) || UNKNOWN_MODEL;
  }

  /** Idle watts of a node's free GPU capacity. */
  private nodeIdleW(n: NodeState): number {
    let free = 0;
    for (const f of n.gpuMilliFree) free += f;
    return (free / 1000) * this.spec(n.gpuModel).idleWatts;
  }

  /** A member's power on its node by the node-share model (each member holds the job's CPU and memory, as the live ledger counts it). */
  private nodeShareW(node: NodeState, job: JobRequest, a: PlacementAssignment, utilization: number): number {
    const s = node.gpuModel ? this.spec(node.gpuModel) : { idleWatts: 0, maxWatts: 0 };
    return nodeSharePowerWatts(
      {
        cpuMilli: node.cpuMilliCapacity,
        memoryMib: node.memoryMibCapacity,
        gpuCount: node.gpuMilliFree.length,
        gpuIdleWatts: s.idleWatts,
        gpuMaxWatts: s.maxWatts,
      },
      { cpuMilli: job.cpuMilli, memoryMib: job.memoryMib, gpuMilli: a.gpuIndices.length * job.gpuMilliPerGpu },
      { gpu: utilization },
    ).watts;
  }

  /**
   * Allocates a job now (throws INVALID_PLACEMENT if it does not fit the live state). `powerScale`
   * multiplies the job's draw (a replayed sped-up job); the idle power its GPUs no longer draw is not scaled.
   */
  start(nowMs: number, running: RunningJob, utilization: number, powerScale = 1): void {
    const next = allocate(this.state, running.job, running.assignments);
    this.meter.advance(nowMs);
    this.state = next;
    let watts = 0;
    let idleWatts = 0;
    const share = running.job.gpuMilliPerGpu / 1000;
    for (const a of running.assignments) {
      const node = next.nodes[a.nodeIndex];
      const s = this.spec(node?.gpuModel ?? null);
      idleWatts += a.gpuIndices.length * share * s.idleWatts;
      watts +=
        this.sim.jobPowerModel === "node-share" && node
          ? this.nodeShareW(node, running.job, a, utilization)
          : a.gpuIndices.length * share * (s.idleWatts + (s.maxWatts - s.idleWatts) * utilization);
    }
    watts *= powerScale;
    const milli = running.job.gpuCount * running.job.gpuMilliPerGpu * running.assignments.length;
    this.meter.jobW += watts;
    this.meter.idleW -= idleWatts;
    this.allocatedMilli += milli;
    this.held.set(running.jobId, { job: running.job, assignments: running.assignments, watts, idleWatts, milli, startMs: nowMs });
    this.running.set(running.jobId, running);
    this.version++;
  }

  /** Releases a running job (completion or eviction). */
  finish(nowMs: number, jobId: string): void {
    const h = this.held.get(jobId);
    if (!h) return;
    this.meter.advance(nowMs);
    this.state = release(this.state, h.job, h.assignments);
    this.meter.jobW -= h.watts;
    // A node that went down while the job ran draws nothing once the job is gone.
    let idleBack = 0;
    const share = h.job.gpuMilliPerGpu / 1000;
    for (const a of h.assignments) {
      const n = this.state.nodes[a.nodeIndex];
      if (n?.ready) idleBack += a.gpuIndices.length * share * this.spec(n.gpuModel).idleWatts;
    }
    this.meter.idleW += idleBack;
    this.allocatedMilli -= h.milli;
    this.held.delete(jobId);
    this.running.delete(jobId);
    this.version++;
    this.onRunPart?.({ jobId, clusterId: this.sim.id, fromMs: h.startMs, toMs: nowMs, itWatts: h.watts });
  }

  /** Job ids holding resources on a node. */
  jobsOnNode(nodeIndex: number): string[] {
    return [...this.held.entries()].filter(([, h]) => h.assignments.some((a) => a.nodeIndex === nodeIndex)).map(([id]) => id);
  }

  /** Marks a node up or down (callers evict its jobs first when it goes down). */
  setNodeReady(nowMs: number, nodeIndex: number, ready: boolean): void {
    const n = this.state.nodes[nodeIndex];
    if (!n || n.ready === ready) return;
    this.meter.advance(nowMs);
    const nodes = this.state.nodes.slice();
    nodes[nodeIndex] = { ...n, ready };
    this.state = { nodes };
    this.version++;
    const sign = ready ? 1 : -1;
    this.schedulableMilli += sign * n.gpuMilliFree.length * 1000;
    this.meter.idleW += sign * this.nodeIdleW(n);
  }
}
