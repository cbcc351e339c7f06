/**
 * Records the coordinator explanation of a decision run, as the decision is made: every cluster with
 * the verdicts its agent recorded and its scores, the chosen parts with the nested in-cluster
 * explanations, the reason histogram and summary, carbon figures with provenance, and counterfactuals
 * (runner-up deltas, start-now cost, and the fixes the coordinator's search found).
 */
import type { PlacementOption } from "./agent-types";
import { rawOf, type Candidate, type DecisionRun } from "./decision-run";
import { COORDINATOR_EXPLANATION_VERSION, type ClusterConsideration, type CoordinatorExplanation, type FixSuggestion } from "./explanation-schema";
import type { FleetJob } from "./types";
import type { FixKind } from "./fixes";
import { borrowingOfChoice } from "./borrowing-section";
import { effectiveDistanceKm } from "./split";
import { reasonHistogram, summarizeClusters } from "./summary";
import { topologyOfOption } from "./topology-section";
import { elasticOf } from "./elastic-section";
import { backfillOf, capacityWaitOf } from "./reservation-section";

/** Carbon figures of one placement option, with provenance and the start-time curve the search priced. */
function carbonDetail(o: PlacementOption, zone: string) {
  return {
    zone,
    energy: o.energy,
    emissions: o.emissions,
    provenance: { ...o.provenance, providers: [...o.provenance.providers], sources: o.provenance.sources.map((src) => ({ ...src })) },
    earliestStartMs: o.earliestStartMs,
    chosenStartMs: o.startMs,
    earliestGCo2e: o.earliestGCo2e,
    chosenGCo2e: o.emissions.value,
    savingGCo2e: o.savingGCo2e,
    savingPct: o.earliestGCo2e > 0 ? (100 * o.savingGCo2e) / o.earliestGCo2e : 0,
    // The curve is priced with the first placement's energy; rescale to the final one so points compare with chosenGCo2e.
    curve: o.carbonSearch.curve.map((c) => ({ startMs: c.startMs, meanGCo2ePerKwh: c.meanGCo2ePerKwh, gCo2e: o.energy.value * c.meanGCo2ePerKwh })),
    capacityRejectedStartsMs: [...o.capacityRejectedStartsMs],
    deferral: { ...o.deferral, reasons: o.deferral.reasons.map((r) => ({ ...r })) },
  };
}

/** One cluster as the coordinator considered it: its filter verdicts, the variant it offered and its scores and rank. */
function consideration(run: DecisionRun, rankOf: Map<number, { c: Candidate; rank: number }>, i: number): ClusterConsideration {
  const b = run.bids[i] as DecisionRun["bids"][number];
  const o = b.option;
  const ranked = rankOf.get(i);
  return {
    clusterId: b.cluster.id,
    name: b.cluster.name,
    region: b.cluster.region,
    zone: b.cluster.zone,
    tier: b.cluster.tier,
    filters: b.filters.map((f) => ({ filter: f.filter, verdict: f.verdict, passed: f.passed, reasons: f.reasons.map((r) => ({ ...r })) })),
    passed: b.passed,
    verdict: b.verdict,
    variant: o
      ? {
          gpuModel: o.variant.gpuModel,
          gpuCountPerMember: o.variant.request.gpuCount,
          members: o.variant.request.gangSize ?? 1,
          gpusTotal: o.variant.gpusTotal,
          durationS: o.variant.durationS,
          computeUnitsProvided: o.variant.computeUnitsProvided,
        }
      : null,
    startMs: o?.startMs ?? null,
    startReason: o?.startReason ?? null,
    fragmentationDeltaMilli: o?.fragmentationDeltaMilli ?? null,
    gpuAllocationAfterPct: o?.gpuAllocationAfterPct ?? null,
    carbon: o ? carbonDetail(o, b.cluster.zone) : null,
    scores: ranked ? ranked.c.scores.map((s) => ({ ...s })) : [],
    total: ranked ? ranked.c.total : null,
    rank: ranked ? ranked.rank : null,
  };
}

/** What the coordinator found beyond the run itself. */
export interface RecordedExtras {
  readonly fixes: readonly FixSuggestion[];
  readonly tried: readonly FixKind[];
  readonly couldEverRun: boolean;
}

/** One top-level section of the explanation (the type each step below returns). */
type Section<K extends keyof CoordinatorExplanation> = CoordinatorExplanation[K];
/** Single-cluster candidates with their rank, by bid index. */
type CandidateRanks = Map<number, { c: Candidate; rank: number }>;

/** Rank (1-based) of each single-cluster candidate, by the index of its cluster's bid. */
function rankByCluster(run: DecisionRun): CandidateRanks {
  const rankOf: CandidateRanks = new Map();
  run.candidates.forEach((c, rank) => {
    if (c.kind === "single") rankOf.set((c.bids[0] as Candidate["bids"][number]).clusterIndex, { c, rank: rank + 1 });
  });
  return rankOf;
}

/** The chosen candidate's parts with their nodes and the nested in-cluster explanations (empty when nothing was chosen). */
function chosenParts(best: Candidate | undefined, job: FleetJob): Section<"chosen"> {
  return (best?.bids ?? []).map((b) => {
    const o = b.option as PlacementOption;
    const inCluster = o.decision.explanation;
    return {
      clusterId: b.cluster.id,
      members: o.variant.request.gangSize ?? 1,
      startMs: o.startMs,
      endMs: o.endMs,
      gpuModels: [...o.gpuModels],
      carbon: carbonDetail(o, b.cluster.zone),
      placements: inCluster.placements.map((p) => ({ member: p.member, nodeName: p.nodeName, nodeIndex: p.nodeIndex, gpuIndices: [...p.gpuIndices] })),
      inCluster,
      ...topologyOfOption(b.cluster, o),
      ...elasticOf(job, o.variant.request.gangSize ?? 1),
    };
  });
}

/** The job as submitted (copied so the explanation never aliases the caller's arrays). */
function jobSummary(job: FleetJob): Section<"job"> {
  return {
    id: job.id,
    tenant: job.tenant,
    gpuCount: job.gpuCount,
    gpuMilliPerGpu: job.gpuMilliPerGpu,
    gangSize: job.gangSize,
    computeUnits: job.computeUnits ?? null,
    allowedGpuModels: [...job.allowedGpuModels],
    estimatedDurationS: job.estimatedDurationS,
    earliestStartMs: job.earliestStartMs ?? null,
    deadlineMs: job.deadlineMs ?? null,
    allowSplit: job.allowSplit,
  };
}

/** Latest start among a candidate's parts (a split starts when both parts can). */
const startOf = (c: Candidate) => Math.max(...c.bids.map((b) => b.option?.startMs ?? 0));

/** The split the chosen candidate uses, with the slowdown formula spelled out; null for a single-cluster choice. */
function splitDetail(run: DecisionRun, best: Candidate | undefined): Section<"split"> {
  const split = best?.split ?? null;
  if (!split || !best) return null;
  const parallelism = run.job.splitParallelism ?? "data";
  return {
    clusterIds: [split.parts[0].cluster.id, split.parts[1].cluster.id],
    membersPerPart: [split.membersPerPart[0], split.membersPerPart[1]],
    bandwidthGbps: split.link.bandwidthGbps,
    distanceKm: split.link.distanceKm,
    parallelism,
    slowdownPct: split.slowdownPct,
    latencyMs: split.link.latencyMs ?? null,
    effectiveDistanceKm: effectiveDistanceKm(split.link),
    maxSlowdownPct: run.policy.constraints.maxSplitSlowdownPct,
    durationS: (split.endMs - split.startMs) / 1000,
    why: run.splitSearch ? { ...run.splitSearch.why } : { kind: "no-whole-cluster" },
    scores: best.scores.map((s) => ({ ...s })),
    total: best.total,
    candidates: run.candidates.length,
  };
}

/** Runner-up deltas, the cost of starting now instead of the chosen start, and the fixes found and tried. */
function counterfactuals(best: Candidate | undefined, second: Candidate | undefined, extras: RecordedExtras): Section<"counterfactuals"> {
  const single = best?.kind === "single" ? (best.bids[0]?.option ?? null) : null;
  return {
    runnerUp:
      best && second
        ? {
            clusterId: second.bids.map((b) => b.cluster.id).join("+"),
            total: second.total,
            deltaGCo2e: rawOf(second, "carbon") - rawOf(best, "carbon"),
            deltaWaitS: rawOf(second, "waiting") - rawOf(best, "waiting"),
            deltaFragmentationMilli: rawOf(second, "fragmentation") - rawOf(best, "fragmentation"),
          }
        : null,
    startNow: single ? { startMs: single.earliestStartMs, gCo2e: single.earliestGCo2e, extraGCo2e: single.savingGCo2e } : null,
    fixes: extras.fixes.map((f) => ({ ...f })),
    fixesTried: [...extras.tried],
  };
}

/** Builds the explanation of a run. */
export function buildCoordinatorExplanation(run: DecisionRun, extras: RecordedExtras): CoordinatorExplanation {
  const { policy, snapshot } = run;
  const rankOf = rankByCluster(run);
  const best = run.candidates[0];
  const clusters = run.bids.map((_, i) => consideration(run, rankOf, i));
  return {
    version: COORDINATOR_EXPLANATION_VERSION,
    policy: { name: policy.name, version: policy.version, objectiveWeights: { ...policy.objectiveWeights } },
    seed: run.seed,
    decidedAtMs: snapshot.nowMs,
    job: jobSummary(run.job),
    outcome: !best ? "unschedulable" : startOf(best) === snapshot.nowMs ? "placed" : "deferred",
    couldEverRun: extras.couldEverRun,
    split: splitDetail(run, best),
    clusters,
    chosen: chosenParts(best, run.job),
    reasonHistogram: reasonHistogram(clusters).counts,
    summary: summarizeClusters(clusters, snapshot.nowMs),
    counterfactuals: counterfactuals(best, run.candidates[1], extras),
    links: (run.splitSearch?.linksConsidered ?? []).map((l) => ({
      a: l.link.a,
      b: l.link.b,
      ok: l.verdict.ok,
      slowdownPct: l.verdict.slowdownPct,
      checks: l.verdict.checks.map((c) => ({ ...c })),
    })),
    ...(run.signalComparison
      ? { signalComparison: { decidedOn: run.signalComparison.decidedOn, excludedClusterIds: [...run.signalComparison.excludedClusterIds] } }
      : {}),
    ...borrowingOfChoice(best?.bids ?? []),
    ...reservationSections(run, best),
  };
}

/** The capacity wait (a job that must wait for busy nodes) or the backfill (a job started ahead of reservations) of the choice. */
function reservationSections(run: DecisionRun, best: Candidate | undefined) {
  const parts = (best?.bids ?? []).flatMap((b) => (b.option ? [{ cluster: b.cluster, ...b.option }] : []));
  const single = best?.kind === "single" ? (best.bids[0]?.option?.startReason ?? null) : null;
  return { ...capacityWaitOf(parts, single, run.snapshot.nowMs), ...backfillOf(parts, run.job, run.snapshot.nowMs) };
}
