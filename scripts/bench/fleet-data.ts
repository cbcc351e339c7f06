/**
 * Fleet benchmark inputs: the openb GPU node list replicated into N clusters, each in a different grid
 * zone of ci_hourly_2023_lca_wide.csv (hourly lifecycle average intensity, Electricity Maps 2023).
 */
import { readFileSync } from "node:fs";
import { createIntensitySeries, type ClusterState, type FleetCluster, type GpuModelSpec, type IntensitySeries } from "@/server/engine";

/** Default intensity file, relative to the repo root. */
export const CI_FILE = "../shared/data/carbon/ci_hourly_2023_lca_wide.csv";

/**
 * openb GPU models with power (published max board power; idle from ALGORITHMS.md's reference model).
 * G2/G3 are unnamed in openb: treated as V100-class 300 W / 30 W, an estimate. computeUnits are rough
 * A100-equivalents, only used by compute-native requests (none in this benchmark).
 */
export const OPENB_GPU_MODELS: GpuModelSpec[] = [
  { id: "A10", memoryGib: 24, computeUnits: 0.4, idleWatts: 30, maxWatts: 150 },
  { id: "G2", memoryGib: 32, computeUnits: 0.5, idleWatts: 30, maxWatts: 300 },
  { id: "G3", memoryGib: 32, computeUnits: 0.5, idleWatts: 30, maxWatts: 300 },
  { id: "P100", memoryGib: 16, computeUnits: 0.2, idleWatts: 25, maxWatts: 250 },
  { id: "T4", memoryGib: 16, computeUnits: 0.15, idleWatts: 10, maxWatts: 70 },
  { id: "V100M16", memoryGib: 16, computeUnits: 0.5, idleWatts: 30, maxWatts: 300 },
  { id: "V100M32", memoryGib: 32, computeUnits: 0.5, idleWatts: 30, maxWatts: 300 },
];

/** Every zone column of the wide CSV as a series (measured, provider electricitymaps). */
export function loadZoneSeries(path = CI_FILE): IntensitySeries[] {
  const lines = readFileSync(path, "utf8").trim().split("\n");
  const header = (lines[0] as string).split(",");
  const startMs = Date.parse((lines[1] as string).split(",")[0] as string);
  const columns = header.slice(1).map(() => [] as number[]);
  for (const line of lines.slice(1)) {
    const cells = line.split(",");
    columns.forEach((col, i) => {
      const v = Number(cells[i + 1]);
      // A missing hour repeats the previous one (the 2023 file has none; kept for other years).
      col.push(Number.isFinite(v) && cells[i + 1] !== "" ? v : (col[col.length - 1] ?? 0));
    });
  }
  return header.slice(1).map((zone, i) =>
    createIntensitySeries({
      zone,
      startMs,
      gCo2ePerKwh: columns[i] as number[],
      provenance: { kind: "measured", provider: "electricitymaps", signalType: "average", emissionFactorType: "lifecycle" },
    }),
  );
}

/** N clusters sharing the openb node objects (immutable values), each in its own zone. */
export function replicateFleet(state: ClusterState, zones: readonly IntensitySeries[], n: number): FleetCluster[] {
  return Array.from({ length: n }, (_, i) => {
    const series = zones[i % zones.length] as IntensitySeries;
    const pue = [1.1, 1.2, 1.3, 1.56][i % 4] as number;
    return {
      id: `c${String(i).padStart(2, "0")}-${series.zone}`,
      name: `openb-${series.zone}-${i}`,
      region: `region-${i}`,
      zone: series.zone,
      tier: i % 3 === 0 ? "hub" : i % 3 === 1 ? "regional" : "edge",
      pue,
      status: "active",
      state,
      running: [],
      reservations: [],
      series,
    };
  });
}
