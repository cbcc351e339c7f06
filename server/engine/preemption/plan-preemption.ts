/**
 * The preemption planner: for a job whose class may preempt and that cannot start now, which running
 * jobs to stop (or shrink) so that it starts now, at the least cost.
 *
 * Cost, compared in this order: GPU-hours lost by lower-priority victims (reclaiming GPUs a tenant
 * borrowed beyond its nominal quota comes first, since the lender is only taking back its own; so does
 * stopping a backfilled job that overran into the preemptor's reservation, since it broke the promise
 * it was admitted on), then
 * all GPU-hours lost (GPUs x time since each victim's last checkpoint), then the free GPU left
 * stranded on partly used nodes once the preemptor is placed, then the number of victims.
 *
 * Search (bounded, greedy): on each available cluster the planner first checks that releasing every
 * eligible job would let the job start now (else the cluster is skipped). It then walks a few victim
 * orderings (for the NODE_SEEDS nodes where room for one member is cheapest, that node's jobs first,
 * which frees whole nodes for gangs; cheapest lost work first; most GPUs first), takes the shortest prefix of each ordering that lets
 * the job start (binary search, since freeing more never hurts), then drops any victim the rest do not
 * need (most expensive first). Each feasibility test is the normal coordinator decision on the cluster
 * with the victims released, so filters, quotas and the in-cluster placer all apply. At most
 * maxEvaluations decisions are run in total, shared evenly by the clusters still to search. Deterministic for a given snapshot, job, policy and seed.
 */
import { createCoordinator, type Coordinator, type CoordinatorDecision, type CoordinatorOutcome } from "../coordinator/coordinator";
import type { CoordinatorPolicy } from "../coordinator/policy";
import type { FleetCluster, FleetJob, FleetSnapshot } from "../coordinator/types";
import { allocate } from "../placement/allocate";
import type { ClusterState } from "../model/node";
import { buildTargetWorkload, type TargetWorkload } from "../model/target-workload";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { PreemptionAlternative, PreemptionSection, PreemptionVictim } from "./preemption-section";
import { releaseInSnapshot, releaseOnCluster, type Release } from "./release-victims";
import { victimCandidates, type VictimCandidate, type VictimRules } from "./victim-candidates";

/** Nodes whose jobs are tried first as an ordering of their own (gangs need whole nodes). */
const NODE_SEEDS = 3;
/** Default bound on the coordinator decisions one plan may run. */
export const DEFAULT_MAX_PREEMPTION_EVALUATIONS = 200;
const EPS = 1e-9;

/** Options of {@link planPreemption}. */
export interface PreemptionOptions {
  /** Seed of every decision the planner runs (the preemptor's decision is recorded with it). */
  readonly seed: number;
  /** A coordinator bound to the same policy, to reuse its in-cluster placers; absent = one is created. */
  readonly coordinator?: Coordinator;
  /** FGD target workload for a coordinator created here; absent = the shapes of the fleet's running jobs and this job. */
  readonly workload?: TargetWorkload | null;
  /** Bound on the coordinator decisions run while searching (default {@link DEFAULT_MAX_PREEMPTION_EVALUATIONS}). */
  readonly maxEvaluations?: number;
  /**
   * The job holds a capacity reservation (the first job waiting for capacity under EASY or
   * conservative backfill): it may take back GPUs from backfilled jobs that ran past their predicted
   * end, whatever its class. Absent = false.
   */
  readonly holdsReservation?: boolean;
}

/** A preemption plan: stop (or shrink) the victims on one cluster, then place the preemptor by `decision`. */
export interface PreemptionPlan {
  readonly clusterId: string;
  readonly victims: readonly PreemptionVictim[];
  readonly lostGpuHours: number;
  /** The preemptor's decision on the fleet with the victims released; its explanation carries `preemption`. */
  readonly decision: CoordinatorDecision;
  /** Why these victims: the same section as decision.explanation.preemption. */
  readonly section: PreemptionSection;
}

interface Evaluated {
  readonly set: readonly VictimCandidate[];
  readonly outcome: CoordinatorOutcome;
  readonly lowerLost: number;
  readonly lost: number;
  readonly fragmentation: number;
  readonly clusterIndex: number;
}

function keyOf(set: readonly VictimCandidate[]): string {
  return set
    .map((v) => `${v.running.jobId}:${v.shrinkTo ?? "stop"}`)
    .sort()
    .join(",");
}

/**
 * A prefix of an ordering as a set: one entry per job, the one freeing most (stopping, else the
 * smallest size), so a longer prefix never frees less and the binary search over prefixes holds.
 */
function asSet(items: readonly VictimCandidate[]): VictimCandidate[] {
  const byJob = new Map<string, VictimCandidate>();
  for (const v of items) {
    const had = byJob.get(v.running.jobId);
    if (!had || (had.shrinkTo !== null && (v.shrinkTo === null || v.shrinkTo < had.shrinkTo))) byJob.set(v.running.jobId, v);
  }
  return [...byJob.values()];
}

const releasesOf = (set: readonly VictimCandidate[]): Release[] => set.map((v) => ({ running: v.running, shrinkTo: v.shrinkTo }));

/** Free milli-GPU on ready nodes that are partly used: capacity a whole-GPU job can no longer combine. */
function strandedMilli(state: ClusterState): number {
  let sum = 0;
  for (const n of state.nodes) {
    if (!n.ready || n.gpuMilliFree.length === 0) continue;
    let free = 0;
    for (const f of n.gpuMilliFree) free += f;
    if (free < n.gpuMilliFree.length * MILLI_GPU_PER_GPU) sum += free;
  }
  return sum;
}

function compare(a: Evaluated, b: Evaluated): number {
  const d = (x: number, y: number) => (Math.abs(x - y) <= EPS ? 0 : x - y);
  return (
    d(a.lowerLost, b.lowerLost) ||
    d(a.lost, b.lost) ||
    d(a.fragmentation, b.fragmentation) ||
    a.set.length - b.set.length ||
    a.clusterIndex - b.clusterIndex ||
    (keyOf(a.set) < keyOf(b.set) ? -1 : keyOf(a.set) > keyOf(b.set) ? 1 : 0)
  );
}

/** Taking back what the preemptor is owed (lent quota, a broken backfill promise) comes before taking from a lower class. */
const owedFirst = (a: VictimCandidate, b: VictimCandidate) => (a.reason === "lower-priority" ? 1 : 0) - (b.reason === "lower-priority" ? 1 : 0);
const byLost = (a: VictimCandidate, b: VictimCandidate) =>
  owedFirst(a, b) ||
  a.lostGpuHours - b.lostGpuHours ||
  b.gpus - a.gpus ||
  (a.running.jobId < b.running.jobId ? -1 : a.running.jobId > b.running.jobId ? 1 : 0) ||
  (b.shrinkTo ?? 0) - (a.shrinkTo ?? 0);
const byGpus = (a: VictimCandidate, b: VictimCandidate) => owedFirst(a, b) || b.gpus - a.gpus || byLost(a, b);

/**
 * What freeing room for one member costs on each node: the node's idle GPUs plus its cheapest
 * eligible jobs, taken until one member of the preemptor fits; Infinity when even all of them fall short.
 */
function nodeCosts(state: ClusterState, candidates: readonly VictimCandidate[], need: number): Map<number, number> {
  const cheap = candidates.filter((v) => v.shrinkTo === null).sort(byLost);
  const costs = new Map<number, number>();
  state.nodes.forEach((node, n) => {
    let room = node.gpuMilliFree.filter((f) => f === MILLI_GPU_PER_GPU).length;
    let cost = 0;
    for (const v of cheap) {
      if (room >= need) break;
      const here = v.running.assignments.find((a) => a.nodeIndex === n);
      if (!here) continue;
      room += here.gpuIndices.length;
      cost += v.lostGpuHours;
    }
    if (cost > 0 || room >= need) costs.set(n, room >= need ? cost : Number.POSITIVE_INFINITY);
  });
  return costs;
}

/**
 * The orderings walked on one cluster (deduplicated), most promising first: for the NODE_SEEDS nodes
 * where room for one member is cheapest, that node's jobs first (gangs and whole-node jobs need whole
 * nodes); then cheapest lost work first; then most GPUs first.
 */
function orderings(cluster: FleetCluster, candidates: readonly VictimCandidate[], job: FleetJob): VictimCandidate[][] {
  const cheap = [...candidates].sort(byLost);
  const big = [...candidates].sort(byGpus);
  const need = Math.max(1, job.gpuMilliPerGpu >= MILLI_GPU_PER_GPU ? job.gpuCount : 1);
  const nodes = [...nodeCosts(cluster.state, candidates, need).entries()]
    .filter(([, cost]) => Number.isFinite(cost))
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, NODE_SEEDS);
  const seeded = nodes.map(([node]) => {
    const on = (v: VictimCandidate) => v.running.assignments.some((a) => a.nodeIndex === node);
    return [...cheap.filter(on), ...cheap.filter((v) => !on(v))];
  });
  const seen = new Set<string>();
  return [...seeded, cheap, big].filter((o) => {
    const k = o.map((v) => `${v.running.jobId}:${v.shrinkTo}`).join(",");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The shapes the fleet runs now plus the preemptor's: the in-cluster placers' target workload when none is given. */
function fleetWorkload(snapshot: FleetSnapshot, job: FleetJob): TargetWorkload {
  const shapes = snapshot.clusters.flatMap((c) => c.running.map((r) => r.job));
  return buildTargetWorkload([
    ...shapes,
    { cpuMilli: job.cpuMilli, gpuCount: job.gpuCount, gpuMilliPerGpu: job.gpuMilliPerGpu, allowedGpuModels: job.allowedGpuModels },
  ]);
}

/**
 * Plans a preemption for `job`, or returns null when it may not preempt (the policy's
 * `constraints.preemption` is off, or its class may not preempt and it holds no reservation), when it
 * can already start now without one, or when no set of eligible victims on any one cluster would let
 * it start now.
 */
export function planPreemption(snapshot: FleetSnapshot, job: FleetJob, policy: CoordinatorPolicy, options: PreemptionOptions): PreemptionPlan | null {
  const rules: VictimRules = { classMayPreempt: job.mayPreempt === true, holdsReservation: options.holdsReservation === true };
  if ((!rules.classMayPreempt && !rules.holdsReservation) || !policy.constraints.preemption) return null;
  const coordinator = options.coordinator ?? createCoordinator({ policy, workload: options.workload ?? fleetWorkload(snapshot, job) });
  const budget = options.maxEvaluations ?? DEFAULT_MAX_PREEMPTION_EVALUATIONS;
  let evaluations = 0;
  const skipped: PreemptionSection["skipped"] = [];
  const found: Evaluated[] = [];

  for (let ci = 0; ci < snapshot.clusters.length; ci++) {
    const cluster = snapshot.clusters[ci] as FleetCluster;
    // Out of budget: later clusters are not searched (the two checks below alone cost two decisions).
    if (evaluations >= budget) break;
    if (cluster.status !== "active" || cluster.reachable === false) {
      skipped.push({ clusterId: cluster.id, why: "not-available" });
      continue;
    }
    const candidates = victimCandidates(snapshot, cluster, job, policy, rules);
    if (candidates.length === 0) {
      skipped.push({ clusterId: cluster.id, why: "no-eligible-victims" });
      continue;
    }
    const cache = new Map<string, Evaluated | null>();
    const test = (set: readonly VictimCandidate[]): Evaluated | null => {
      const key = keyOf(set);
      if (cache.has(key)) return cache.get(key) as Evaluated | null;
      evaluations++;
      const releases = releasesOf(set);
      const outcome = coordinator.decideUnexplained(releaseInSnapshot(snapshot, cluster.id, releases, true), job, { seed: options.seed });
      const part = outcome.parts.find((p) => p.clusterId === cluster.id);
      let result: Evaluated | null = null;
      if (outcome.outcome === "placed" && outcome.startMs === snapshot.nowMs && part) {
        const after = allocate(releaseOnCluster(cluster, releases).state, part.request, part.assignments);
        result = {
          set,
          outcome,
          lowerLost: set.filter((v) => v.reason === "lower-priority").reduce((s, v) => s + v.lostGpuHours, 0),
          lost: set.reduce((s, v) => s + v.lostGpuHours, 0),
          fragmentation: strandedMilli(after),
          clusterIndex: ci,
        };
      }
      cache.set(key, result);
      return result;
    };
    // The job fits here already: preempting would take work for nothing.
    if (test([])) return null;
    if (!test(asSet(candidates))) {
      skipped.push({ clusterId: cluster.id, why: "not-enough-even-with-all" });
      continue;
    }
    // Each cluster gets an even share of what is left, so the first clusters cannot use up the search.
    const clusterBudget = evaluations + Math.ceil((budget - evaluations) / (snapshot.clusters.length - ci));
    for (const order of orderings(cluster, candidates, job)) {
      if (evaluations >= clusterBudget) break;
      let lo = 1;
      let hi = order.length;
      while (lo < hi && evaluations < clusterBudget) {
        const mid = (lo + hi) >> 1;
        if (test(asSet(order.slice(0, mid)))) hi = mid;
        else lo = mid + 1;
      }
      let set = asSet(order.slice(0, hi));
      let best = test(set);
      if (!best) continue;
      for (const v of [...set].sort((a, b) => b.lostGpuHours - a.lostGpuHours)) {
        if (evaluations >= clusterBudget || set.length <= 1) break;
        const without = set.filter((x) => x !== v);
        const ok = test(without);
        if (ok) {
          set = without;
          best = ok;
        }
      }
      // A shrunk gang keeps as many members as still lets the job start (shedding fewer loses less work).
      for (const v of set.filter((x) => x.shrinkTo !== null)) {
        const larger = candidates.filter((c) => c.running.jobId === v.running.jobId && c.shrinkTo !== null && c.shrinkTo > (v.shrinkTo as number));
        larger.sort((a, b) => (a.shrinkTo as number) - (b.shrinkTo as number));
        let lo = -1;
        let hi = larger.length - 1;
        while (lo < hi && evaluations < clusterBudget) {
          const mid = (lo + hi + 1) >> 1;
          if (test(set.map((x) => (x === v ? (larger[mid] as VictimCandidate) : x)))) lo = mid;
          else hi = mid - 1;
        }
        if (lo >= 0) {
          const keep = larger[lo] as VictimCandidate;
          set = set.map((x) => (x === v ? keep : x));
          best = test(set) as Evaluated;
        }
      }
      if (!found.some((f) => f.clusterIndex === ci && keyOf(f.set) === keyOf(best.set))) found.push(best);
    }
  }
  if (found.length === 0) return null;
  found.sort(compare);
  const chosen = found[0] as Evaluated;
  const cluster = snapshot.clusters[chosen.clusterIndex] as FleetCluster;
  const releases = releasesOf(chosen.set);
  let decision = coordinator.decide(releaseInSnapshot(snapshot, cluster.id, releases, false), job, { seed: options.seed });
  const placedHere = (d: CoordinatorDecision) => d.outcome === "placed" && d.startMs === snapshot.nowMs && d.parts.some((p) => p.clusterId === cluster.id);
  // Another cluster's bid may outscore the freed one only by starting later; decide on the freed cluster alone then.
  if (!placedHere(decision)) decision = coordinator.decide(releaseInSnapshot(snapshot, cluster.id, releases, true), job, { seed: options.seed });
  const victims: PreemptionVictim[] = [...chosen.set].sort(byLost).map((v) => ({
    jobId: v.running.jobId,
    tenant: v.running.preemption?.tenant ?? "",
    priority: v.running.preemption?.priority ?? 0,
    reason: v.reason,
    gpus: v.gpus,
    sinceCheckpointS: v.sinceCheckpointS,
    lostGpuHours: v.lostGpuHours,
    resumeFromWorkS: v.resumeFromWorkS,
    shrinkTo: v.shrinkTo,
    ...(v.shrinkTo !== null ? { shrunkFrom: v.running.assignments.length } : {}),
  }));
  const alternatives: PreemptionAlternative[] = found.map((f) => ({
    clusterId: (snapshot.clusters[f.clusterIndex] as FleetCluster).id,
    victimIds: [...f.set].sort(byLost).map((v) => v.running.jobId),
    lowerPriorityLostGpuHours: f.lowerLost,
    lostGpuHours: f.lost,
    fragmentationMilli: f.fragmentation,
    chosen: f === chosen,
  }));
  const section: PreemptionSection = {
    preemptor: { priority: job.priority ?? 0, priorityClass: job.priorityClass ?? null },
    clusterId: cluster.id,
    victims,
    lostGpuHours: chosen.lost,
    fragmentationMilli: chosen.fragmentation,
    alternatives,
    skipped,
    evaluations,
  };
  return {
    clusterId: cluster.id,
    victims,
    lostGpuHours: chosen.lost,
    decision: { ...decision, explanation: { ...decision.explanation, preemption: section } },
    section,
  };
}
