/**
 * Compares clusters only on one carbon signal. An average (flow-traced) and a marginal (MOER)
 * intensity answer different questions, so their gCO2e are not comparable: when a job's passing
 * bids mix signals, the job is decided on the signal most of them share (a tie goes to average,
 * then lifecycle factors, the kind most feeds report) and the other bids are excluded with
 * SIGNAL_TYPE_NOT_COMPARED (subject: the excluded cluster's "signal/factor"). A fleet with one
 * marginal zone therefore keeps deciding every job instead of refusing the whole decision.
 */
import type { ClusterBid } from "./agent-types";
import type { ClusterReason } from "./reasons";
import type { FleetCluster } from "./types";

/** A cluster's signal as "signalType/emissionFactorType", e.g. "average/lifecycle". */
export type SignalKey = `${FleetCluster["series"]["signalType"]}/${FleetCluster["series"]["emissionFactorType"]}`;

/** The signal key of a cluster's series. */
export function signalKeyOf(cluster: FleetCluster): SignalKey {
  return `${cluster.series.signalType}/${cluster.series.emissionFactorType}`;
}

/** Preference among equally common signals: average before marginal, lifecycle before direct. */
const TIE_ORDER: readonly SignalKey[] = ["average/lifecycle", "average/direct", "marginal/lifecycle", "marginal/direct"];

/** The signal a decision compares on, and the clusters left out for another signal. */
export interface SignalComparison {
  readonly decidedOn: SignalKey;
  readonly excludedClusterIds: readonly string[];
}

/** The signal most passing bids share (ties by TIE_ORDER), or null when they share one already. */
export function comparedSignal(bids: readonly ClusterBid[]): SignalKey | null {
  const counts = new Map<SignalKey, number>();
  for (const b of bids) if (b.passed) counts.set(signalKeyOf(b.cluster), (counts.get(signalKeyOf(b.cluster)) ?? 0) + 1);
  if (counts.size <= 1) return null;
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || TIE_ORDER.indexOf(a[0]) - TIE_ORDER.indexOf(b[0]))[0]![0];
}

/** Marks passing bids of another signal than the compared one unfit; unchanged when all share one. */
export function excludeOtherSignals(bids: readonly ClusterBid[]): { bids: ClusterBid[]; comparison: SignalComparison | null } {
  const decidedOn = comparedSignal(bids);
  if (!decidedOn) return { bids: [...bids], comparison: null };
  const excluded: string[] = [];
  const out = bids.map((b) => {
    const key = signalKeyOf(b.cluster);
    if (!b.passed || key === decidedOn) return b;
    excluded.push(b.cluster.id);
    const reason: ClusterReason = { code: "SIGNAL_TYPE_NOT_COMPARED", resource: "carbon-signal", subject: key };
    return {
      ...b,
      passed: false,
      verdict: "unfit" as const,
      filters: [...b.filters, { filter: "signal-type", verdict: "unfit" as const, passed: false, reasons: [reason] }],
    };
  });
  return { bids: out, comparison: { decidedOn, excludedClusterIds: excluded } };
}
