/**
 * From the earliest placement to the option an agent bids: energy of the placement (the node-share
 * model: GPUs, CPU, memory and the job's share of the nodes' idle power), the carbon search over the flexibility window, the
 * shift to a greener start when the saving is worth the wait (deferral-check.ts: the policy's minimums
 * and the forecast's error) and the cluster has room then
 * (the first greener start with room wins, at most DEFERRAL_RETRIES tried), and the figures with
 * provenance.
 */
import { searchBestStart } from "../carbon/best-start";
import { emissionsFigure } from "../carbon/emissions";
import { estimateNodeShareEnergyKwh } from "../carbon/energy";
import { nodeSharePowerWatts, sumNodeSharePower } from "../carbon/node-power";
import { meanIntensityGCo2ePerKwh, windowProvenance } from "../carbon/window";
import type { ClusterState } from "../model/node";
import type { PlacementAssignment } from "../placement/allocate";
import type { Placer } from "../placement/placer";
import type { AgentContext, PlacementOption } from "./agent-types";
import { mayFit, placementEffect } from "./cluster-facts";
import { checkDeferral } from "./deferral-check";
import type { EarliestPlacement } from "./filters/types";
import type { JobWindow } from "./job-window";
import { stateForWindow } from "./timeline";
import type { FleetCluster, FleetJob, GpuModelSpec } from "./types";
import type { JobVariant } from "./variants";

/** Utilization assumed when the job states none. */
export const DEFAULT_GPU_UTILIZATION = 0.8;
/** Carbon-shift candidates re-checked for capacity before falling back to the earliest start. */
const DEFERRAL_RETRIES = 4;

/**
 * Energy of the placement by the node-share model (carbon/node-power.ts): on each chosen node the
 * job's GPUs, CPU and memory plus its share of the node's idle power; a shared GPU counts its share.
 */
function energyOf(
  state: ClusterState,
  variant: JobVariant,
  assignments: readonly PlacementAssignment[],
  catalog: ReadonlyMap<string, GpuModelSpec>,
  pue: number,
  utilization: number,
) {
  const models = new Set<string>();
  const milli = variant.request.gpuMilliPerGpu;
  let gpus = 0;
  const parts = assignments.map((a) => {
    const node = state.nodes[a.nodeIndex];
    const model = node?.gpuModel ?? "unknown";
    if (a.gpuIndices.length > 0) models.add(model);
    const spec = catalog.get(model);
    gpus += (a.gpuIndices.length * milli) / 1000;
    // Unknown models fall back to a generic 50/300 W board.
    const shape = {
      cpuMilli: node?.cpuMilliCapacity ?? variant.request.cpuMilli,
      memoryMib: node?.memoryMibCapacity ?? variant.request.memoryMib,
      gpuCount: node?.gpuMilliFree.length ?? 0,
      gpuIdleWatts: node?.gpuModel ? (spec?.idleWatts ?? 50) : 0,
      gpuMaxWatts: node?.gpuModel ? (spec?.maxWatts ?? 300) : 0,
    };
    return nodeSharePowerWatts(
      shape,
      { cpuMilli: variant.request.cpuMilli, memoryMib: variant.request.memoryMib, gpuMilli: a.gpuIndices.length * milli },
      { gpu: utilization },
    );
  });
  const energy = estimateNodeShareEnergyKwh({ power: sumNodeSharePower(parts), gpus, durationS: variant.durationS, pue });
  return { energy, models: [...models].sort() };
}

/** The option of a variant placed at `first`: the carbon search and shift, energy, emissions and effect. */
export function optionAt(
  placer: Placer,
  cluster: FleetCluster,
  job: FleetJob,
  variant: JobVariant,
  ctx: AgentContext,
  seed: number,
  win: JobWindow,
  first: EarliestPlacement,
): PlacementOption {
  const utilization = job.gpuUtilization ?? DEFAULT_GPU_UTILIZATION;
  const firstEnergy = energyOf(first.state, variant, first.decision.assignments, ctx.catalog, cluster.pue, utilization);
  const search = searchBestStart({
    series: cluster.series,
    facilityEnergyKwh: firstEnergy.energy.value,
    durationS: variant.durationS,
    earliestStartMs: first.startMs,
    latestStartMs: Math.max(first.startMs, win.carbonLatestMs),
    stepS: ctx.policy.constraints.searchStepMinutes * 60,
  });
  let chosen = { startMs: first.startMs, state: first.state, decision: first.decision, energy: firstEnergy };
  let startReason: PlacementOption["startReason"] = first.startMs === ctx.nowMs ? "now" : first.startMs === win.earliestMs ? "window" : "capacity";
  const rejected: number[] = [];
  const checkInput = {
    search,
    series: cluster.series,
    forecastError: cluster.forecastError,
    durationS: variant.durationS,
    nowMs: ctx.nowMs,
    constraints: ctx.policy.constraints,
  };
  const deferral = checkDeferral(checkInput);
  if (deferral.worthWaiting) {
    // Greener starts worth their wait, in order of emissions; the first one with room wins (capacity permitting).
    // Sorted by emissions, the ones worth their wait come first; the check runs only until one is not.
    const sorted = search.curve.filter((c) => c.gCo2e < search.earliest.gCo2e).sort((a, b) => a.gCo2e - b.gCo2e || a.startMs - b.startMs);
    const firstNot = sorted.findIndex((c) => !checkDeferral(checkInput, c).worthWaiting);
    const greener = firstNot < 0 ? sorted : sorted.slice(0, firstNot);
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
  const effect = placementEffect(placer, chosen.state, variant.request, chosen.decision.assignments);
  const nodeNames = chosen.decision.assignments.map((a) => chosen.state.nodes[a.nodeIndex]?.name ?? "?");
  return {
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
    deferral,
  };
}
