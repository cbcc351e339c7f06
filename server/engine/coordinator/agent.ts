/**
 * The cluster agent: one per cluster, a pure function of that cluster's state, queue and intensity
 * series. It answers "what is your best placement for this job, when, and what does it cost?" by
 * running the cluster filters (filters/registry.ts) stage by stage, and per variant the earliest start
 * its queue allows (in-cluster placer on the future state), then the carbon-optimal start inside the
 * flexibility window (capacity permitting). Every filter runs, so a rejected cluster lists every
 * constraint that blocks it, not only the first; the verdicts are recorded as the agent goes.
 */
import { estimateEnergyKwh } from "../carbon/energy";
import { emissionsFigure } from "../carbon/emissions";
import { searchBestStart } from "../carbon/best-start";
import { coversWindow, windowProvenance, meanIntensityGCo2ePerKwh } from "../carbon/window";
import type { ClusterState } from "../model/node";
import { mixSeed } from "../model/rng";
import type { PlacementAssignment } from "../placement/allocate";
import type { Placer } from "../placement/placer";
import type { AgentContext, ClusterBid, FilterRecord, FilterVerdict, PlacementOption } from "./agent-types";
import { mayFit, placementEffect } from "./cluster-facts";
import { CLUSTER_FILTERS, filtersOfStage } from "./filters/registry";
import type { ClusterFilterPlugin, EarliestPlacement, FilterResult } from "./filters/types";
import { jobWindow } from "./job-window";
import { capacityEventsMs, stateForWindow } from "./timeline";
import type { FleetCluster, FleetJob, GpuModelSpec } from "./types";
import { variantsFor, type JobVariant } from "./variants";

export type { AgentContext, ClusterBid, FilterRecord, FilterVerdict, PlacementOption } from "./agent-types";
export { jobWindow } from "./job-window";

/** Most future capacity events an agent scans for the earliest start (bounds work on long queues). */
export const MAX_CAPACITY_EVENTS = 64;
/** Utilization assumed when the job states none. */
export const DEFAULT_GPU_UTILIZATION = 0.8;
/** Carbon-shift candidates re-checked for capacity before falling back to the earliest start. */
const DEFERRAL_RETRIES = 4;

/** Appends a filter's result (nothing when it does not apply or is ignored by the context). */
function record(out: FilterRecord[], filter: ClusterFilterPlugin, label: string, ctx: AgentContext, run: () => FilterResult | null): FilterResult | null {
  if (ctx.ignoreFilters?.has(filter.name)) return null;
  const r = run();
  if (r) out.push({ filter: `${filter.name}${label}`, verdict: r.verdict, passed: r.verdict === "pass", reasons: r.reasons });
  return r;
}

/** The worst verdict of some records (pass < unfit < unfit-unresolvable). */
function worst(records: readonly FilterRecord[]): FilterVerdict {
  let v: FilterVerdict = "pass";
  for (const r of records) if (r.verdict === "unfit-unresolvable") return r.verdict;
  else if (r.verdict === "unfit") v = "unfit";
  return v;
}

/** Earliest start at or after the window opens where the placer finds room; null when none in the scanned events. */
function earliestPlacement(placer: Placer, cluster: FleetCluster, variant: JobVariant, earliestMs: number, latestMs: number, seed: number): EarliestPlacement | null {
  const starts = [earliestMs, ...capacityEventsMs(cluster, earliestMs, MAX_CAPACITY_EVENTS)];
  for (const t of starts) {
    if (t > latestMs) break;
    const state = stateForWindow(cluster, t, t + variant.durationS * 1000);
    if (!mayFit(state, variant.request)) continue;
    const decision = placer.place(state, variant.request, { seed });
    if (decision.outcome === "placed") return { startMs: t, state, decision };
  }
  return null;
}

/** Energy of the placement: GPUs of the chosen nodes' models, mean watts over them. */
function energyOf(state: ClusterState, variant: JobVariant, assignments: readonly PlacementAssignment[], catalog: ReadonlyMap<string, GpuModelSpec>, pue: number, utilization: number) {
  let gpus = 0;
  let idle = 0;
  let max = 0;
  const models = new Set<string>();
  const share = variant.request.gpuMilliPerGpu / 1000;
  for (const a of assignments) {
    const model = state.nodes[a.nodeIndex]?.gpuModel ?? "unknown";
    models.add(model);
    const spec = catalog.get(model);
    // A shared GPU is charged its share of the power; unknown models fall back to a generic 50/300 W board.
    for (let k = 0; k < a.gpuIndices.length; k++) {
      gpus += share;
      idle += share * (spec?.idleWatts ?? 50);
      max += share * (spec?.maxWatts ?? 300);
    }
  }
  const energy = estimateEnergyKwh({ gpuCount: gpus, idleWatts: gpus > 0 ? idle / gpus : 0, maxWatts: gpus > 0 ? max / gpus : 0, utilization, durationS: variant.durationS, pue });
  return { energy, models: [...models].sort() };
}

/** Runs the variant's filters and, when they all pass, builds its option (earliest start, carbon shift). */
function evaluateVariant(placer: Placer, cluster: FleetCluster, job: FleetJob, variant: JobVariant, ctx: AgentContext, seed: number, filters: readonly ClusterFilterPlugin[], clusterPassed: boolean): { option: PlacementOption | null; records: FilterRecord[] } {
  const records: FilterRecord[] = [];
  const label = variant.gpuModel ? ` (${variant.gpuModel})` : "";
  const win = jobWindow(job, variant.durationS, ctx);
  const input = { cluster, job, ctx, variant, window: win };
  for (const f of filtersOfStage("variant", filters)) record(records, f, label, ctx, () => f.check(input));
  // With the deadline out of reach, capacity is asked at the earliest start only, so relaxing the
  // deadline by its shortfall and the capacity reasons by theirs makes the job fit at that start.
  const latestMs = win.capacityLatestMs >= win.earliestMs ? win.capacityLatestMs : win.earliestMs;
  const first = earliestPlacement(placer, cluster, variant, win.earliestMs, latestMs, seed);
  for (const f of filtersOfStage("placement", filters)) record(records, f, label, ctx, () => f.check({ ...input, placement: first, placer, seed }));
  // The option (and the carbon budget, which depends on where and when it runs) only once nothing else blocks.
  if (!first || !clusterPassed || worst(records) !== "pass" || !coversWindow(cluster.series, win.earliestMs, variant.durationS)) return { option: null, records };
  const utilization = job.gpuUtilization ?? DEFAULT_GPU_UTILIZATION;
  const firstEnergy = energyOf(first.state, variant, first.decision.assignments, ctx.catalog, cluster.pue, utilization);
  const search = searchBestStart({ series: cluster.series, facilityEnergyKwh: firstEnergy.energy.value, durationS: variant.durationS, earliestStartMs: first.startMs, latestStartMs: Math.max(first.startMs, win.carbonLatestMs), stepS: ctx.policy.constraints.searchStepMinutes * 60 });
  let chosen = { startMs: first.startMs, state: first.state, decision: first.decision, energy: firstEnergy };
  let startReason: PlacementOption["startReason"] = first.startMs === ctx.nowMs ? "now" : first.startMs === win.earliestMs ? "window" : "capacity";
  const rejected: number[] = [];
  if (search.savingPct >= ctx.policy.constraints.minDeferralSavingPct && search.savingGCo2e > 0) {
    // Greener starts in order of emissions; the first one with room wins (capacity permitting).
    const greener = search.curve.filter((c) => c.gCo2e < search.earliest.gCo2e).sort((a, b) => a.gCo2e - b.gCo2e || a.startMs - b.startMs);
    for (const c of greener.slice(0, DEFERRAL_RETRIES)) {
      const state = stateForWindow(cluster, c.startMs, c.startMs + variant.durationS * 1000);
      // Same queue state as the earliest start (nothing changes in between): reuse its placement.
      const decision = state === first.state ? first.decision : mayFit(state, variant.request) ? placer.place(state, variant.request, { seed }) : null;
      if (!decision || decision.outcome !== "placed") {
        rejected.push(c.startMs);
        continue;
      }
      chosen = { startMs: c.startMs, state, decision, energy: energyOf(state, variant, decision.assignments, ctx.catalog, cluster.pue, utilization) };
      startReason = "carbon";
      break;
    }
  }
  const energy = chosen.energy.energy;
  const meanChosen = meanIntensityGCo2ePerKwh(cluster.series, chosen.startMs, variant.durationS);
  const emissions = emissionsFigure(energy, meanChosen, cluster.zone, chosen.startMs, variant.durationS);
  const earliestGCo2e = energy.value * search.earliest.meanGCo2ePerKwh;
  for (const f of filtersOfStage("option", filters)) record(records, f, label, ctx, () => f.check({ ...input, emissionsKg: emissions.value / 1000 }));
  if (worst(records) !== "pass") return { option: null, records };
  const effect = placementEffect(placer, chosen.state, variant.request, chosen.decision.assignments);
  const nodeNames = chosen.decision.assignments.map((a) => chosen.state.nodes[a.nodeIndex]?.name ?? "?");
  return {
    records,
    option: {
      variant,
      decision: chosen.decision,
      assignments: chosen.decision.assignments,
      nodeNames,
      gpuModels: chosen.energy.models,
      earliestStartMs: first.startMs,
      startMs: chosen.startMs,
      endMs: chosen.startMs + variant.durationS * 1000,
      startReason,
      fragmentationDeltaMilli: effect.fragmentationDeltaMilli,
      gpuAllocationAfterPct: effect.gpuAllocationAfterPct,
      energy,
      emissions,
      provenance: windowProvenance(cluster.series, chosen.startMs, variant.durationS),
      carbonSearch: search,
      earliestGCo2e,
      savingGCo2e: earliestGCo2e - emissions.value,
      capacityRejectedStartsMs: rejected,
    },
  };
}

/**
 * Runs the agent of one cluster. `placer` must be this cluster's own placer (its caches follow one node
 * lineage). The bid is unresolvable when a cluster-level filter is, or every variant fails a filter
 * that would fail on an empty cluster too.
 */
export function bidForJob(placer: Placer, cluster: FleetCluster, clusterIndex: number, job: FleetJob, ctx: AgentContext, filters: readonly ClusterFilterPlugin[] = CLUSTER_FILTERS): ClusterBid {
  const variants = variantsFor(job, cluster.state, ctx.catalog);
  const records: FilterRecord[] = [];
  let gated = false;
  for (const f of filtersOfStage("cluster", filters)) {
    const r = record(records, f, "", ctx, () => f.check({ cluster, job, ctx, variants }));
    if (f.gate && r && r.verdict !== "pass") gated = true;
  }
  const clusterVerdict = worst(records);
  const seed = mixSeed(ctx.seed, clusterIndex);
  let best: PlacementOption | null = null;
  let allUnresolvable = true;
  for (const v of gated ? [] : variants) {
    const r = evaluateVariant(placer, cluster, job, v, ctx, seed, filters, clusterVerdict === "pass");
    records.push(...r.records);
    if (worst(r.records) !== "unfit-unresolvable") allUnresolvable = false;
    // Among models that fit, the least energy wins (then fewer GPUs, then model id: variants are sorted).
    if (r.option && (!best || r.option.energy.value < best.energy.value - 1e-12)) best = r.option;
  }
  const verdict: FilterVerdict = clusterVerdict === "unfit-unresolvable" || allUnresolvable ? "unfit-unresolvable" : best ? "pass" : "unfit";
  return { cluster, clusterIndex, filters: records, passed: best !== null, verdict, option: best };
}
