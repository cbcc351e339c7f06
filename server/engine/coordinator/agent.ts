/**
 * The cluster agent: one per cluster, a pure function of that cluster's state, queue and intensity
 * series. It answers "what is your best placement for this job, when, and what does it cost?" by
 * running the cluster filters (filters/registry.ts) stage by stage, and per variant the earliest start
 * its queue allows (in-cluster placer on the future state), then the carbon-optimal start inside the
 * flexibility window, capacity permitting (carbon-shift.ts). Every filter runs, so a rejected cluster lists every
 * constraint that blocks it, not only the first; the verdicts are recorded as the agent goes.
 */
import { coversWindow } from "../carbon/window";
import { mixSeed } from "../model/rng";
import type { Placer } from "../placement/placer";
import type { AgentContext, ClusterBid, FilterRecord, FilterVerdict, PlacementOption } from "./agent-types";
import { optionAt } from "./carbon-shift";
import { mayFit } from "./cluster-facts";
import { CLUSTER_FILTERS, filtersOfStage } from "./filters/registry";
import { unfit, type ClusterFilterPlugin, type EarliestPlacement, type FilterResult } from "./filters/types";
import { jobWindow } from "./job-window";
import { capacityEventsMs, releasedAt, stateForWindow } from "./timeline";
import type { FleetCluster, FleetJob } from "./types";
import { preferOption, variantLabel, variantsFor, type JobVariant } from "./variants";

export type { AgentContext, ClusterBid, FilterRecord, FilterVerdict, PlacementOption } from "./agent-types";
export { jobWindow } from "./job-window";
export { DEFAULT_GPU_UTILIZATION } from "./carbon-shift";

/** Most future capacity events an agent scans for the earliest start (bounds work on long queues). */
export const MAX_CAPACITY_EVENTS = 64;

/** Appends a filter's result (nothing when it does not apply or is ignored by the context). */
function record<I>(
  out: FilterRecord[],
  filter: { readonly name: string; check(input: I): FilterResult | null },
  label: string,
  ctx: AgentContext,
  input: I,
): FilterResult | null {
  if (ctx.ignoreFilters?.has(filter.name)) return null;
  const r = filter.check(input);
  if (!r) return r;
  const name = label === "" ? filter.name : `${filter.name}${label}`;
  // A pass has no reasons to work out: a plain record (most records are passes, and an accessor costs far more).
  if (r.verdict === "pass") out.push({ filter: name, verdict: r.verdict, passed: true, reasons: r.reasons });
  // Reasons are read through, not copied: a filter may work them out only when the explanation reads them.
  else
    out.push({
      filter: name,
      verdict: r.verdict,
      passed: false,
      get reasons() {
        return r.reasons;
      },
    });
  return r;
}

/** The worst verdict of some records (pass < unfit < unfit-unresolvable). */
function worst(records: readonly FilterRecord[]): FilterVerdict {
  let v: FilterVerdict = "pass";
  for (const r of records)
    if (r.verdict === "unfit-unresolvable") return r.verdict;
    else if (r.verdict === "unfit") v = "unfit";
  return v;
}

/** Earliest start at or after the window opens where the placer finds room; null when none in the scanned events. */
function earliestPlacement(
  placer: Placer,
  cluster: FleetCluster,
  variant: JobVariant,
  earliestMs: number,
  latestMs: number,
  seed: number,
): EarliestPlacement | null {
  // Later starts are listed only when the window reaches past the first (a start-now search never needs them).
  const starts = latestMs > earliestMs ? [earliestMs, ...capacityEventsMs(cluster, earliestMs, MAX_CAPACITY_EVENTS)] : [earliestMs];
  for (const t of starts) {
    if (t > latestMs) break;
    // Reservations only take capacity: a job that cannot fit even without them needs no windowed state (the costly part).
    if (cluster.reservations.length > 0 && !mayFit(releasedAt(cluster, t), variant.request)) continue;
    const state = stateForWindow(cluster, t, t + variant.durationS * 1000);
    if (!mayFit(state, variant.request)) continue;
    const decision = placer.place(state, variant.request, { seed });
    if (decision.outcome === "placed") return { startMs: t, state, decision };
  }
  return null;
}

/** Runs the variant's filters and, when they all pass, builds its option (earliest start, carbon shift). */
function evaluateVariant(
  placer: Placer,
  cluster: FleetCluster,
  job: FleetJob,
  variant: JobVariant,
  ctx: AgentContext,
  seed: number,
  filters: readonly ClusterFilterPlugin[],
  clusterPassed: boolean,
): { option: PlacementOption | null; records: FilterRecord[] } {
  const records: FilterRecord[] = [];
  const label = variantLabel(variant, job);
  const win = jobWindow(job, variant.durationS, ctx);
  const input = { cluster, job, ctx, variant, window: win };
  for (const f of filtersOfStage("variant", filters)) record(records, f, label, ctx, input);
  // With the deadline out of reach, capacity is asked at the earliest start only, so relaxing the
  // deadline by its shortfall and the capacity reasons by theirs makes the job fit at that start.
  const latestMs = !ctx.startNowOnly && win.capacityLatestMs >= win.earliestMs ? win.capacityLatestMs : win.earliestMs;
  const first = earliestPlacement(placer, cluster, variant, win.earliestMs, latestMs, seed);
  const placementInput = { ...input, placement: first, placer, seed };
  for (const f of filtersOfStage("placement", filters)) record(records, f, label, ctx, placementInput);
  // On a full cluster the earliest start can be so far ahead that the run ends past the forecast: it
  // cannot be priced there, so the job waits and is decided again (the carbon search would throw).
  if (first && first.startMs > win.earliestMs && !coversWindow(cluster.series, first.startMs, variant.durationS)) {
    const r = unfit({ code: "CARBON_SERIES_NOT_COVERING", resource: "carbon-data", unit: "epochMs", requested: first.startMs, subject: cluster.zone });
    records.push({ filter: `carbon-data${label}`, verdict: r.verdict, passed: false, reasons: r.reasons });
  }
  // The option (and the carbon budget, which depends on where and when it runs) only once nothing else blocks.
  if (!first || !clusterPassed || worst(records) !== "pass" || !coversWindow(cluster.series, win.earliestMs, variant.durationS))
    return { option: null, records };
  const option = optionAt(placer, cluster, job, variant, ctx, seed, win, first);
  const optionInput = { ...input, emissionsKg: option.emissions.value / 1000 };
  for (const f of filtersOfStage("option", filters)) record(records, f, label, ctx, optionInput);
  return { option: worst(records) === "pass" ? option : null, records };
}

/**
 * Runs the agent of one cluster. `placer` must be this cluster's own placer (its caches follow one node
 * lineage). The bid is unresolvable when a cluster-level filter is, or every variant fails a filter
 * that would fail on an empty cluster too.
 */
export function bidForJob(
  placer: Placer,
  cluster: FleetCluster,
  clusterIndex: number,
  job: FleetJob,
  ctx: AgentContext,
  filters: readonly ClusterFilterPlugin[] = CLUSTER_FILTERS,
): ClusterBid {
  const variants = variantsFor(job, cluster.state, ctx.catalog);
  const records: FilterRecord[] = [];
  let gated = false;
  const clusterInput = { cluster, job, ctx, variants };
  for (const f of filtersOfStage("cluster", filters)) {
    const r = record(records, f, "", ctx, clusterInput);
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
    // Among models that fit, the least energy wins (then fewer GPUs, then model id: variants are sorted); elastic sizes: the earliest start, then the most members.
    if (r.option && (!best || preferOption(r.option, best))) best = r.option;
  }
  const verdict: FilterVerdict = clusterVerdict === "unfit-unresolvable" || allUnresolvable ? "unfit-unresolvable" : best ? "pass" : "unfit";
  return { cluster, clusterIndex, filters: records, passed: best !== null, verdict, option: best };
}
