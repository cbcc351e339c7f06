/**
 * The cluster agent: one per cluster, a pure function of that cluster's state, queue and intensity
 * series. It answers "what is your best placement for this job, when, and what does it cost?":
 * hard filters with numbers, then per variant the earliest start its queue allows (in-cluster placer on
 * the future state), the carbon-optimal start inside the flexibility window (capacity permitting),
 * energy and emissions figures, fragmentation increment and allocation after.
 */
import { estimateEnergyKwh } from "../carbon/energy";
import { emissionsFigure } from "../carbon/emissions";
import { searchBestStart, type BestStartResult } from "../carbon/best-start";
import type { Figure } from "../carbon/figure";
import { coversWindow, windowProvenance, meanIntensityGCo2ePerKwh, type WindowProvenance } from "../carbon/window";
import type { ClusterState } from "../model/node";
import { mixSeed } from "../model/rng";
import type { PlacementAssignment } from "../placement/allocate";
import type { Placer, PlacementDecision } from "../placement/placer";
import { bestFreeOnOneNode, bestFreeShare, mayFit, membersWithRoom, placementEffect } from "./cluster-facts";
import type { CoordinatorPolicy } from "./policy";
import type { ClusterReason } from "./reasons";
import { capacityEventsMs, stateForWindow } from "./timeline";
import type { FleetCluster, FleetJob, GpuModelSpec, TenantUsage } from "./types";
import { variantsFor, type JobVariant } from "./variants";

/** Most future capacity events an agent scans for the earliest start (bounds work on long queues). */
export const MAX_CAPACITY_EVENTS = 64;
/** Utilization assumed when the job states none. */
export const DEFAULT_GPU_UTILIZATION = 0.8;
/** Carbon-shift candidates re-checked for capacity before falling back to the earliest start. */
const DEFERRAL_RETRIES = 4;

/** What every agent gets from the coordinator for one decision. */
export interface AgentContext {
  readonly nowMs: number;
  readonly policy: CoordinatorPolicy;
  readonly catalog: ReadonlyMap<string, GpuModelSpec>;
  readonly tenant: TenantUsage | null;
  readonly seed: number;
  /** Overrides used by counterfactual searches ("what if the window were wider"). */
  readonly ignoreDeadline?: boolean;
  readonly ignoreQuota?: boolean;
  readonly ignoreLocation?: boolean;
}

/** One filter's verdict on a cluster. */
export interface FilterRecord {
  readonly filter: string;
  readonly passed: boolean;
  readonly reasons: readonly ClusterReason[];
}

/** A feasible way to run the job on one cluster. */
export interface PlacementOption {
  readonly variant: JobVariant;
  readonly decision: PlacementDecision;
  readonly assignments: readonly PlacementAssignment[];
  readonly nodeNames: readonly string[];
  readonly gpuModels: readonly string[];
  readonly earliestStartMs: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly startReason: "now" | "window" | "capacity" | "carbon";
  readonly fragmentationDeltaMilli: number;
  readonly gpuAllocationAfterPct: number;
  readonly energy: Figure;
  readonly emissions: Figure;
  readonly provenance: WindowProvenance;
  /** Curve considered (energy of the final placement), baseline = earliest feasible start. */
  readonly carbonSearch: BestStartResult;
  readonly earliestGCo2e: number;
  readonly savingGCo2e: number;
  /** Starts whose capacity check failed during the carbon shift. */
  readonly capacityRejectedStartsMs: readonly number[];
}

/** An agent's answer for one cluster. */
export interface ClusterBid {
  readonly cluster: FleetCluster;
  readonly clusterIndex: number;
  readonly filters: readonly FilterRecord[];
  readonly passed: boolean;
  readonly option: PlacementOption | null;
}

/** Bounds of the job's window on the clock: earliest allowed start, latest start for capacity and for carbon. */
export function jobWindow(job: FleetJob, durationS: number, ctx: AgentContext) {
  const earliestMs = Math.max(ctx.nowMs, job.earliestStartMs ?? ctx.nowMs);
  const deadlineStart = job.deadlineMs != null && !ctx.ignoreDeadline ? job.deadlineMs - durationS * 1000 : Number.POSITIVE_INFINITY;
  // Only a job with a window (a deadline) is flexible; without one, carbon never delays it.
  const flexible = job.deadlineMs != null;
  const carbonLatestMs = flexible ? Math.min(earliestMs + ctx.policy.constraints.maxDeferralHours * 3_600_000, deadlineStart) : earliestMs;
  return { earliestMs, capacityLatestMs: deadlineStart, carbonLatestMs };
}

const fail = (filter: string, reasons: ClusterReason[]): FilterRecord => ({ filter, passed: false, reasons });
const pass = (filter: string): FilterRecord => ({ filter, passed: true, reasons: [] });

/** Location/status filters (no placement needed). */
function staticFilters(cluster: FleetCluster, job: FleetJob, ctx: AgentContext): FilterRecord[] {
  const out: FilterRecord[] = [];
  out.push(cluster.status === "active" ? pass("cluster-status") : fail("cluster-status", [{ code: "CLUSTER_NOT_ACTIVE", detail: cluster.status }]));
  // Recorded only when failing, so explanations of a healthy fleet keep their shape.
  if (cluster.reachable === false) out.push(fail("cluster-reachable", [{ code: "CLUSTER_UNREACHABLE", ...(cluster.unreachableReason ? { detail: cluster.unreachableReason } : {}) }]));
  if (ctx.ignoreLocation) return out;
  const regionOk = job.allowedRegions.length === 0 || job.allowedRegions.includes(cluster.region);
  out.push(regionOk ? pass("region") : fail("region", [{ code: "REGION_NOT_ALLOWED", detail: `${cluster.region} not in ${job.allowedRegions.join(",")}` }]));
  const zones = job.allowedZones ?? [];
  if (zones.length > 0) out.push(zones.includes(cluster.zone) ? pass("zone") : fail("zone", [{ code: "ZONE_NOT_ALLOWED", detail: `${cluster.zone} not in ${zones.join(",")}` }]));
  const tiers = job.allowedTiers ?? [];
  if (tiers.length > 0) out.push(tiers.includes(cluster.tier) ? pass("tier") : fail("tier", [{ code: "TIER_NOT_ALLOWED", detail: `${cluster.tier} not in ${tiers.join(",")}` }]));
  return out;
}

/** Earliest start at or after the window opens where the placer finds room; null when none in the scanned events. */
function earliestPlacement(placer: Placer, cluster: FleetCluster, variant: JobVariant, earliestMs: number, latestMs: number, seed: number) {
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

/** Reason for "no room": the numbers of the first member's shape against the best node. */
function capacityReason(state: ClusterState, variant: JobVariant): ClusterReason {
  const r = variant.request;
  if (r.gpuCount === 1 && r.gpuMilliPerGpu < 1000) {
    return { code: "INSUFFICIENT_CAPACITY", unit: "milliGpu", requested: r.gpuMilliPerGpu, available: bestFreeShare(state, r.allowedGpuModels) };
  }
  const detail = r.allowedGpuModels.length > 0 ? r.allowedGpuModels.join("|") : undefined;
  const members = r.gangSize ?? 1;
  if (members > 1) return { code: "INSUFFICIENT_CAPACITY", unit: "members", requested: r.gpuCount, available: membersWithRoom(state, r), limit: members, ...(detail ? { detail } : {}) };
  return { code: "INSUFFICIENT_CAPACITY", unit: "gpus", requested: r.gpuCount, available: bestFreeOnOneNode(state, 1000, r.allowedGpuModels), ...(detail ? { detail } : {}) };
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

/** Evaluates one variant on the cluster; returns the option or the failing filters. */
function evaluateVariant(placer: Placer, cluster: FleetCluster, job: FleetJob, variant: JobVariant, ctx: AgentContext, seed: number): { option: PlacementOption | null; filters: FilterRecord[] } {
  const filters: FilterRecord[] = [];
  const label = variant.gpuModel ? ` (${variant.gpuModel})` : "";
  if (ctx.tenant && !ctx.ignoreQuota) {
    const used = ctx.tenant.gpusInUse + variant.gpusTotal;
    if (used > ctx.tenant.maxGpus) {
      filters.push(fail(`tenant-quota${label}`, [{ code: "TENANT_GPU_QUOTA", unit: "gpus", requested: variant.gpusTotal, available: Math.max(0, ctx.tenant.maxGpus - ctx.tenant.gpusInUse), limit: ctx.tenant.maxGpus, over: used - ctx.tenant.maxGpus }]));
      return { option: null, filters };
    }
    filters.push(pass(`tenant-quota${label}`));
  }
  const win = jobWindow(job, variant.durationS, ctx);
  if (win.capacityLatestMs < win.earliestMs) {
    filters.push(fail(`deadline${label}`, [{ code: "DEADLINE_UNREACHABLE", unit: "s", requested: variant.durationS, available: Math.max(0, ((job.deadlineMs ?? 0) - win.earliestMs) / 1000) }]));
    return { option: null, filters };
  }
  if (!coversWindow(cluster.series, win.earliestMs, variant.durationS)) {
    filters.push(fail(`carbon-data${label}`, [{ code: "CARBON_SERIES_NOT_COVERING", unit: "epochMs", requested: win.earliestMs, detail: cluster.zone }]));
    return { option: null, filters };
  }
  const first = earliestPlacement(placer, cluster, variant, win.earliestMs, win.capacityLatestMs, seed);
  if (!first) {
    filters.push(fail(`capacity${label}`, [capacityReason(stateForWindow(cluster, win.earliestMs, win.earliestMs + variant.durationS * 1000), variant)]));
    return { option: null, filters };
  }
  filters.push(pass(`capacity${label}`));
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
  if (ctx.policy.constraints.honorCarbonBudget && ctx.tenant && ctx.tenant.carbonBudgetKgPerMonth !== null) {
    const kg = emissions.value / 1000;
    const after = ctx.tenant.carbonUsedKgThisMonth + kg;
    if (after > ctx.tenant.carbonBudgetKgPerMonth) {
      filters.push(fail(`carbon-budget${label}`, [{ code: "CARBON_BUDGET", unit: "kgCo2e", requested: kg, available: Math.max(0, ctx.tenant.carbonBudgetKgPerMonth - ctx.tenant.carbonUsedKgThisMonth), limit: ctx.tenant.carbonBudgetKgPerMonth, over: after - ctx.tenant.carbonBudgetKgPerMonth }]));
      return { option: null, filters };
    }
    filters.push(pass(`carbon-budget${label}`));
  }
  const effect = placementEffect(placer, chosen.state, variant.request, chosen.decision.assignments);
  const nodeNames = chosen.decision.assignments.map((a) => chosen.state.nodes[a.nodeIndex]?.name ?? "?");
  return {
    filters,
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

/** Runs the agent of one cluster. `placer` must be this cluster's own placer (its caches follow one node lineage). */
export function bidForJob(placer: Placer, cluster: FleetCluster, clusterIndex: number, job: FleetJob, ctx: AgentContext): ClusterBid {
  const filters = staticFilters(cluster, job, ctx);
  if (filters.some((f) => !f.passed)) return { cluster, clusterIndex, filters, passed: false, option: null };
  const variants = variantsFor(job, cluster.state, ctx.catalog);
  if (variants.length === 0) {
    filters.push(fail("gpu-model", [{ code: "NO_SUITABLE_GPU_MODEL", detail: `cluster has ${[...new Set(cluster.state.nodes.map((n) => n.gpuModel).filter(Boolean))].sort().join(",")}` }]));
    return { cluster, clusterIndex, filters, passed: false, option: null };
  }
  filters.push(pass("gpu-model"));
  const seed = mixSeed(ctx.seed, clusterIndex);
  let best: PlacementOption | null = null;
  const variantFilters: FilterRecord[] = [];
  for (const v of variants) {
    const r = evaluateVariant(placer, cluster, job, v, ctx, seed);
    variantFilters.push(...r.filters);
    // Among models that fit, the least energy wins (then fewer GPUs, then model id: variants are sorted).
    if (r.option && (!best || r.option.energy.value < best.energy.value - 1e-12)) best = r.option;
  }
  return { cluster, clusterIndex, filters: [...filters, ...variantFilters], passed: best !== null, option: best };
}
