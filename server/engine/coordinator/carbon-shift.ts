/**
 * From the earliest placement to the option an agent bids: energy of the placement (GPUs of the chosen
 * nodes' models, a shared GPU charged its share), the carbon search over the flexibility window, the
 * shift to a greener start when it saves at least the policy's threshold and the cluster has room then
 * (the first greener start with room wins, at most DEFERRAL_RETRIES tried), and the figures with
 * provenance.
 */
import { searchBestStart } from "../carbon/best-start";
import { emissionsFigure } from "../carbon/emissions";
import { estimateEnergyKwh } from "../carbon/energy";
import { meanIntensityGCo2ePerKwh, windowProvenance } from "../carbon/window";
import type { ClusterState } from "../model/node";
import type { PlacementAssignment } from "../placement/allocate";
import type { Placer } from "../placement/placer";
import type { AgentContext, PlacementOption } from "./agent-types";
import { mayFit, placementEffect } from "./cluster-facts";
import type { EarliestPlacement } from "./filters/types";
import type { JobWindow } from "./job-window";
import { stateForWindow } from "./timeline";
import type { FleetCluster, FleetJob, GpuModelSpec } from "./types";
import type { JobVariant } from "./variants";

/** Utilization assumed when the job states none. */
export const DEFAULT_GPU_UTILIZATION = 0.8;
/** Carbon-shift candidates re-checked for capacity before falling back to the earliest start. */
const DEFERRAL_RETRIES = 4;

/** Energy of the placement: GPUs of the chosen nodes' models, mean watts over them. */
function energyOf(
  state: ClusterState,
  variant: JobVariant,
  assignments: readonly PlacementAssignment[],
  catalog: ReadonlyMap<string, GpuModelSpec>,
  pue: number,
  utilization: number,
) {
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
  const energy = estimateEnergyKwh({
    gpuCount: gpus,
    idleWatts: gpus > 0 ? idle / gpus : 0,
    maxWatts: gpus > 0 ? max / gpus : 0,
    utilization,
    durationS: variant.durationS,
    pue,
  });
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
  };
}
