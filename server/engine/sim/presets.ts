/**
 * The policies the simulator compares, each a CoordinatorPolicy the production engine runs:
 * - baseline: carbon-agnostic; least-loaded cluster (load objective) + BestFit inside; no waiting for carbon.
 * - fgd: FGD inside the cluster, cluster chosen by least fragmentation increase; no carbon.
 * - carbon-greedy: the cluster with the lowest emissions for a start now (carbon objective, no deferral;
 *   waiting weighs twice carbon so a free dirty cluster beats queueing for a clean one).
 * - time-shift: the baseline's cluster choice, start shifted within the job's window for carbon.
 * - verdant: combined: carbon-aware cluster and start, fragmentation-aware inside (Verdant's in-cluster
 *   policy); small fragmentation and waiting weights break near-ties (tuned on the small openb example:
 *   a load weight or larger secondary weights gave away a third of the saving).
 */
import { parseCoordinatorPolicy, type CoordinatorPolicy } from "../coordinator/policy";
import type { SimPolicy } from "./types";

const make = (name: string, label: string, weights: Record<string, number>, inClusterPolicy: string, maxDeferralHours: number, extra: Record<string, unknown> = {}): SimPolicy => ({
  name,
  label,
  policy: parseCoordinatorPolicy({
    name: `sim-${name}`,
    version: 1,
    objectiveWeights: { carbon: 0, fragmentation: 0, waiting: 0, locality: 0, load: 0, ...weights },
    constraints: { maxDeferralHours, honorCarbonBudget: false, allowSplitAcrossClusters: false, minDeferralSavingPct: 5, ...extra },
    inClusterPolicy,
  }),
});

/** The five presets, in report order (baseline first). */
export const SIM_POLICY_PRESETS: readonly SimPolicy[] = [
  make("baseline", "Carbon-agnostic: least-loaded cluster + BestFit", { load: 1 }, "bestfit", 0),
  make("fgd", "FGD only (fragmentation, no carbon)", { fragmentation: 1, load: 0.05 }, "fgd", 0),
  make("carbon-greedy", "Carbon-greedy now (lowest intensity, no waiting)", { carbon: 1, waiting: 2 }, "bestfit", 0),
  make("time-shift", "Time shifting only (least-loaded cluster, greener start in the window)", { load: 1 }, "bestfit", 24),
  make("verdant", "Verdant: place + time + fragmentation", { carbon: 1, fragmentation: 0.05, waiting: 0.1 }, "verdant", 24),
];

/** A preset by name; throws for an unknown name (listing the known ones). */
export function simPolicyPreset(name: string): SimPolicy {
  const p = SIM_POLICY_PRESETS.find((x) => x.name === name);
  if (!p) throw new Error(`unknown policy preset "${name}"; known: ${SIM_POLICY_PRESETS.map((x) => x.name).join(", ")}`);
  return p;
}

/** The coordinator policy of a preset. */
export function presetCoordinatorPolicy(name: string): CoordinatorPolicy {
  return simPolicyPreset(name).policy;
}
