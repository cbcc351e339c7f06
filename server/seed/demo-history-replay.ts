/**
 * The demo history's replay: each job is decided by the coordinator on the in-memory fleet at its
 * submission (a deferred job is decided again at its chosen start, at most three times), runs for its
 * duration and frees its GPUs; clusters are sampled every hour. At submission the job also gets its
 * baseline candidates: every cluster that could hold it on an idle copy of the fleet, weighted by the
 * capacity usable by the job (never by what is allocated; see server/accounting/baseline.ts).
 */
import { usableCapacity, type BaselineCandidate } from "../accounting/baseline";
import { hourFloor, HOUR_MS } from "../accounting/energy-hours";
import { mixSeed, type Coordinator, type CoordinatorDecision, type DecisionPart, type FleetJob, type FleetSnapshot } from "../engine";
import { clustersThatCouldHold, emptyFleet } from "../services/fleet-feasibility";
import { toFleetJob } from "../services/fleet-snapshot";
import type { HistoryFleet } from "./demo-history-fleet";
import type { HistoryJob } from "./demo-history";

/** One decision of a job (deferrals, then its placement), with the root hash of its stored engine input. */
export interface HistoryDecision {
  outcome: "PLACED" | "DEFERRED";
  decision: CoordinatorDecision;
  atMs: number;
  inputHash: string | null;
}

/** A job the replay placed. */
export interface Placed {
  job: HistoryJob;
  parts: DecisionPart[];
  startMs: number;
  endMs: number;
  decisions: HistoryDecision[];
  baseline: BaselineCandidate[];
}

interface ReplayEvent {
  atMs: number;
  index: number;
  earlier: HistoryDecision[];
  baseline: BaselineCandidate[] | null;
}

/** How many times a job may be deferred before the history stops following it. */
const MAX_DEFERRALS = 3;

/** The baseline candidates of a job at submission (see the file header). */
function baselineCandidates(coordinator: Coordinator, fleet: HistoryFleet, snapshot: FleetSnapshot, job: FleetJob, seed: number): BaselineCandidate[] {
  const { clusterIds } = clustersThatCouldHold(
    coordinator,
    emptyFleet(snapshot, { keepQuotas: false }),
    { ...job, earliestStartMs: null, deadlineMs: null },
    seed,
  );
  return fleet.clusters
    .filter((c) => clusterIds.has(c.meta.id))
    .map((c) => ({
      clusterId: c.meta.id,
      zoneId: c.meta.zoneId,
      pue: c.meta.pue,
      capacity: usableCapacity(
        c.state.nodes.map((n) => ({ gpuModel: n.gpuModel, gpus: n.gpuMilliFree.length, cpuMilli: n.cpuMilliCapacity })),
        job,
      ),
    }));
}

/** Inserts an event keeping the list ordered by time (stable for equal times). */
function insertEvent(events: ReplayEvent[], e: ReplayEvent): void {
  let i = events.length;
  while (i > 0 && events[i - 1]!.atMs > e.atMs) i--;
  events.splice(i, 0, e);
}

/** Replays `jobs` from `startMs` to `nowMs`; returns the placed jobs (the fleet keeps the samples). */
export function replayHistory(
  jobs: readonly HistoryJob[],
  coordinator: Coordinator,
  fleet: HistoryFleet,
  range: { startMs: number; nowMs: number; seed: number },
  /** Records what one decision was given (snapshot, job, seed) and returns its input hash. */
  recordInput: (snapshot: FleetSnapshot, job: FleetJob, seed: number) => string | null = () => null,
): Placed[] {
  const placed: Placed[] = [];
  const events: ReplayEvent[] = jobs.map((j, index) => ({ atMs: j.submittedAt.getTime(), index, earlier: [], baseline: null }));
  let nextSampleMs = hourFloor(range.startMs) + HOUR_MS;
  const sampleUntil = (t: number) => {
    for (; nextSampleMs <= t; nextSampleMs += HOUR_MS) {
      fleet.releaseUntil(nextSampleMs);
      fleet.sample(nextSampleMs);
    }
  };
  for (let event = events.shift(); event; event = events.shift()) {
    sampleUntil(event.atMs);
    fleet.releaseUntil(event.atMs);
    const job = jobs[event.index]!;
    const fleetJob = toFleetJob({ ...job, computeUnits: null, minGpuMemoryGib: null, gangSize: 1, allowedRegions: [], allowSplit: false });
    const snapshot = fleet.snapshotAt(event.atMs);
    const seed = mixSeed(range.seed, event.index);
    const baseline = event.baseline ?? baselineCandidates(coordinator, fleet, snapshot, fleetJob, seed);
    const decision = coordinator.decide(snapshot, fleetJob, { seed });
    const inputHash = recordInput(snapshot, fleetJob, seed);
    if (decision.outcome === "deferred" && decision.startMs !== null && event.earlier.length < MAX_DEFERRALS) {
      insertEvent(events, {
        atMs: decision.startMs,
        index: event.index,
        earlier: [...event.earlier, { outcome: "DEFERRED", decision, atMs: event.atMs, inputHash }],
        baseline,
      });
      continue;
    }
    if (decision.outcome !== "placed") continue;
    const endMs = event.atMs + job.estimatedDurationS * 1000;
    fleet.place(job.id, job.tenantId, decision.parts, endMs, event.atMs, decision.gCo2e ?? 0);
    placed.push({
      job,
      parts: [...decision.parts],
      startMs: event.atMs,
      endMs,
      decisions: [...event.earlier, { outcome: "PLACED", decision, atMs: event.atMs, inputHash }],
      baseline,
    });
  }
  sampleUntil(range.nowMs);
  return placed;
}
