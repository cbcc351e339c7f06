/**
 * A split job's ledger entry per cluster. The job's actual emissions are known per cluster (its energy
 * hours are keyed by cluster); the baseline is one counterfactual for the whole job, so it is divided in
 * proportion to the facility energy the job drew on each cluster, and each cluster's saving is its
 * baseline part minus its actual part. The parts sum to the entry. A job that ran on one cluster needs
 * no split (the entry is its own).
 */

/** One energy hour of a job, as far as the split needs it. */
export interface SplitHour {
  clusterId: string;
  facilityEnergyKwh: number;
  emissionsGCo2e: number;
}

/** One cluster's part of the entry. */
export interface SavingClusterShare {
  clusterId: string;
  energyShare: number;
  actualGCo2e: number;
  baselineGCo2e: number;
  savedGCo2e: number;
}

/**
 * The entry split per cluster, or [] when the job drew energy on at most one cluster. `actualGCo2e` is
 * the entry's total; each cluster's actual part is its hours' emissions scaled so the parts sum to it.
 */
export function splitSavingByCluster(entry: { actualGCo2e: number; baselineGCo2e: number }, hours: readonly SplitHour[]): SavingClusterShare[] {
  const byCluster = new Map<string, { energy: number; grams: number }>();
  for (const h of hours) {
    const c = byCluster.get(h.clusterId) ?? { energy: 0, grams: 0 };
    c.energy += h.facilityEnergyKwh;
    c.grams += h.emissionsGCo2e;
    byCluster.set(h.clusterId, c);
  }
  if (byCluster.size < 2) return [];
  const energy = [...byCluster.values()].reduce((s, c) => s + c.energy, 0);
  const grams = [...byCluster.values()].reduce((s, c) => s + c.grams, 0);
  const n = byCluster.size;
  return [...byCluster]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([clusterId, c]) => {
      // No energy recorded at all (a run too short to draw any): equal parts.
      const energyShare = energy > 0 ? c.energy / energy : 1 / n;
      const actualGCo2e = grams > 0 ? (entry.actualGCo2e * c.grams) / grams : entry.actualGCo2e * energyShare;
      const baselineGCo2e = entry.baselineGCo2e * energyShare;
      return { clusterId, energyShare, actualGCo2e, baselineGCo2e, savedGCo2e: baselineGCo2e - actualGCo2e };
    });
}
