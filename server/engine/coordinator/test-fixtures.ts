/** Small fleets built in code for the coordinator's tests (not exported from the engine's index). */
import { createIntensitySeries, type IntensitySeries } from "../carbon/series";
import { createCluster, type ClusterState, type NodeSpec } from "../model/node";
import { buildTargetWorkload } from "../model/target-workload";
import type { ClusterTier, FleetCluster, FleetJob, FleetSnapshot, GpuModelSpec } from "./types";

/** 2023-01-01T00:00:00Z. */
export const T0_MS = Date.UTC(2023, 0, 1);

/** A small GPU catalog. */
export const CATALOG: GpuModelSpec[] = [
  { id: "A100", memoryGib: 80, computeUnits: 1, idleWatts: 50, maxWatts: 400 },
  { id: "H100", memoryGib: 80, computeUnits: 2, idleWatts: 70, maxWatts: 700 },
  { id: "L40S", memoryGib: 48, computeUnits: 0.7, idleWatts: 35, maxWatts: 350 },
  { id: "T4", memoryGib: 16, computeUnits: 0.15, idleWatts: 10, maxWatts: 70 },
];

/** A target workload of a few common shapes (1, 2, 4, 8 GPUs and a 0.5 share). */
export const WORKLOAD = buildTargetWorkload([
  ...Array.from({ length: 4 }, () => ({ cpuMilli: 4000, memoryMib: 8192, gpuCount: 1, gpuMilliPerGpu: 1000, allowedGpuModels: [] })),
  ...Array.from({ length: 2 }, () => ({ cpuMilli: 8000, memoryMib: 16384, gpuCount: 2, gpuMilliPerGpu: 1000, allowedGpuModels: [] })),
  { cpuMilli: 16000, memoryMib: 32768, gpuCount: 4, gpuMilliPerGpu: 1000, allowedGpuModels: [] },
  { cpuMilli: 32000, memoryMib: 65536, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [] },
  { cpuMilli: 2000, memoryMib: 4096, gpuCount: 1, gpuMilliPerGpu: 500, allowedGpuModels: [] },
]);

/** An hourly series from a value function (measured for the first 12 h, forecast after). */
export function series(zone: string, hours: number, valueAt: (h: number) => number): IntensitySeries {
  return createIntensitySeries({
    zone,
    startMs: T0_MS,
    gCo2ePerKwh: Array.from({ length: hours }, (_, h) => valueAt(h)),
    provenance: Array.from(
      { length: hours },
      (_, h) =>
        ({
          kind: h < 12 ? "measured" : "provider-forecast",
          provider: "fixture",
          signalType: "average",
          emissionFactorType: "lifecycle",
          ...(h < 12 ? {} : { forecastIssuedAtMs: T0_MS }),
        }) as const,
    ),
  });
}

/** `count` idle nodes of one model, `gpus` GPUs each, two per rack. */
export function nodes(prefix: string, count: number, model: string, gpus = 8): NodeSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${i}`,
    cpuMilli: 128_000,
    memoryMib: 1_048_576,
    gpuCount: gpus,
    gpuModel: model,
    rack: `${prefix}-r${Math.floor(i / 2)}`,
  }));
}

/** Occupies `busyGpus` GPUs on each node (first indices), as if other jobs held them. */
export function occupy(state: ClusterState, busyGpus: number): ClusterState {
  return {
    nodes: state.nodes.map((n) => ({ ...n, gpuMilliFree: n.gpuMilliFree.map((f, i) => (i < busyGpus ? 0 : f)), hostedGpuShares: busyGpus > 0 ? [1000] : [] })),
  };
}

/** A cluster with defaults (active, no queue). */
export function cluster(
  id: string,
  over: { region: string; zone: string; tier?: ClusterTier; pue?: number; specs: NodeSpec[]; busyGpus?: number; series: IntensitySeries },
): FleetCluster {
  const state = occupy(createCluster(over.specs), over.busyGpus ?? 0);
  return {
    id,
    name: id,
    region: over.region,
    zone: over.zone,
    tier: over.tier ?? "hub",
    pue: over.pue ?? 1.2,
    status: "active",
    state,
    running: [],
    reservations: [],
    series: over.series,
  };
}

/** A 1-GPU job with defaults. */
export function job(over: Partial<FleetJob> = {}): FleetJob {
  return {
    id: "job-1",
    tenant: "acme",
    kind: "training",
    cpuMilli: 4000,
    memoryMib: 8192,
    gpuCount: 1,
    gpuMilliPerGpu: 1000,
    allowedGpuModels: [],
    gangSize: 1,
    estimatedDurationS: 3 * 3600,
    allowedRegions: [],
    allowSplit: false,
    ...over,
  };
}

/** Zones with distinct shapes: flat-high, flat-low, and a midday solar dip. */
export const ZONES = {
  coal: (hours = 48) => series("PL", hours, () => 700),
  hydro: (hours = 48) => series("NO", hours, () => 30),
  solar: (hours = 48) => series("US-CAL-CISO", hours, (h) => (h % 24 >= 10 && h % 24 < 16 ? 80 : 300)),
};

/** A three-cluster fleet in three regions. */
export function fleet(over: Partial<FleetSnapshot> = {}): FleetSnapshot {
  return {
    nowMs: T0_MS,
    clusters: [
      cluster("pl-hub", { region: "eu-central", zone: "PL", specs: nodes("pl", 4, "A100"), series: ZONES.coal() }),
      cluster("no-reg", { region: "eu-north", zone: "NO", tier: "regional", pue: 1.1, specs: nodes("no", 4, "A100"), busyGpus: 4, series: ZONES.hydro() }),
      cluster("ca-hub", { region: "us-west", zone: "US-CAL-CISO", pue: 1.3, specs: nodes("ca", 4, "A100"), series: ZONES.solar() }),
    ],
    links: [],
    gpuModels: CATALOG,
    tenants: [{ tenant: "acme", maxGpus: 64, gpusInUse: 0, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }],
    ...over,
  };
}
