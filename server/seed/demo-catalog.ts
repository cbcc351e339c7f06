/**
 * The demo's fixed catalog: grid zones, clusters, GPU models, tenants and people. Figures come from
 * the public data in data/demo (copied from ../shared/data); anything not published is marked as an
 * estimate in the row itself so the UI can say so.
 */
import { DEMO_CLASS_SHARES } from "../data/demo-workload-mix";

export interface DemoZone {
  id: string;
  name: string;
  /** 2023 mean of the Electricity Maps lifecycle (LCA) hourly series, gCO2e/kWh. */
  annualAverageGCo2ePerKwh: number;
}

export const demoZones: DemoZone[] = [
  { id: "CA-ON", name: "Ontario", annualAverageGCo2ePerKwh: 72.9 },
  { id: "GB", name: "Great Britain", annualAverageGCo2ePerKwh: 187.5 },
  { id: "US-CAL-CISO", name: "California (CAISO)", annualAverageGCo2ePerKwh: 260.7 },
  { id: "DE", name: "Germany", annualAverageGCo2ePerKwh: 367.0 },
  { id: "US-TEX-ERCO", name: "Texas (ERCOT)", annualAverageGCo2ePerKwh: 380.5 },
  { id: "SG", name: "Singapore", annualAverageGCo2ePerKwh: 488.1 },
];

export type DemoFleetSource = { kind: "openb"; share: number } | { kind: "spot"; take: Record<string, number> };

export interface DemoCluster {
  name: string;
  region: string;
  tier: "HUB" | "REGIONAL" | "EDGE";
  zoneId: string;
  pue: number;
  locationName: string;
  latitude: number;
  longitude: number;
  /** openb clusters get every fifth node of the openb list; spot clusters take N nodes per model. */
  source: DemoFleetSource;
}

export const demoClusters: DemoCluster[] = [
  {
    name: "tor-hub-1",
    region: "na-east",
    tier: "HUB",
    zoneId: "CA-ON",
    pue: 1.15,
    locationName: "Toronto",
    latitude: 43.65,
    longitude: -79.38,
    source: { kind: "openb", share: 0 },
  },
  {
    name: "lon-regional-1",
    region: "eu-west",
    tier: "REGIONAL",
    zoneId: "GB",
    pue: 1.25,
    locationName: "London",
    latitude: 51.51,
    longitude: -0.13,
    source: { kind: "openb", share: 1 },
  },
  {
    name: "sjc-regional-1",
    region: "na-west",
    tier: "REGIONAL",
    zoneId: "US-CAL-CISO",
    pue: 1.3,
    locationName: "San Jose",
    latitude: 37.34,
    longitude: -121.89,
    source: { kind: "openb", share: 2 },
  },
  {
    name: "fra-hub-1",
    region: "eu-central",
    tier: "HUB",
    zoneId: "DE",
    pue: 1.2,
    locationName: "Frankfurt",
    latitude: 50.11,
    longitude: 8.68,
    source: { kind: "openb", share: 3 },
  },
  {
    name: "dfw-edge-1",
    region: "na-south",
    tier: "EDGE",
    zoneId: "US-TEX-ERCO",
    pue: 1.45,
    locationName: "Dallas",
    latitude: 32.78,
    longitude: -96.8,
    source: { kind: "openb", share: 4 },
  },
  {
    name: "sin-hub-1",
    region: "ap-southeast",
    tier: "HUB",
    zoneId: "SG",
    pue: 1.35,
    locationName: "Singapore",
    latitude: 1.35,
    longitude: 103.82,
    source: { kind: "spot", take: { "A100-SXM4-80GB": 40, H800: 24, A10: 96 } },
  },
  {
    name: "ott-regional-1",
    region: "na-east",
    tier: "REGIONAL",
    zoneId: "CA-ON",
    pue: 1.1,
    locationName: "Ottawa",
    latitude: 45.42,
    longitude: -75.7,
    source: { kind: "spot", take: { "A100-SXM4-80GB": 40, H800: 24 } },
  },
];

/** Number of openb clusters the openb node list is dealt into. */
export const openbClusterCount = demoClusters.filter((c) => c.source.kind === "openb").length;

export interface DemoTenant {
  slug: string;
  name: string;
  maxGpus: number;
  maxGpuHoursPerMonth: number | null;
  carbonBudgetKgPerMonth: number | null;
  member: { email: string; name: string };
}

export const demoTenants: DemoTenant[] = [
  {
    slug: "aurora-labs",
    name: "Aurora Labs",
    maxGpus: 400,
    maxGpuHoursPerMonth: 200_000,
    carbonBudgetKgPerMonth: 6_000,
    member: { email: "ada@aurora.example", name: "Ada Aurora" },
  },
  {
    slug: "borealis-ai",
    name: "Borealis AI",
    maxGpus: 200,
    maxGpuHoursPerMonth: 100_000,
    carbonBudgetKgPerMonth: 3_000,
    member: { email: "bo@borealis.example", name: "Bo Borealis" },
  },
  {
    slug: "cirrus-media",
    name: "Cirrus Media",
    maxGpus: 96,
    maxGpuHoursPerMonth: null,
    carbonBudgetKgPerMonth: null,
    member: { email: "cy@cirrus.example", name: "Cy Cirrus" },
  },
];

/** Demo credentials; `npm start` prints them. Local demo only: change them on a shared server. */
export const demoPasswords = { admin: "admin-demo-pass", operator: "operator-demo-pass", tenant: "tenant-demo-pass" } as const;

export const demoStaff = [
  { email: "admin@verdant.example", name: "Avery Admin", role: "ADMIN" as const, password: demoPasswords.admin },
  { email: "operator@verdant.example", name: "Oli Operator", role: "OPERATOR" as const, password: demoPasswords.operator },
];

/**
 * The initial placement policy. Only the weights' ratios matter (a candidate's total is the weighted
 * sum of its 0-100 objective scores, compared with the other candidates'); the job-kind weight sends training towards hubs and inference towards regional and
 * edge clusters, as the engine's default policy does.
 */
export const demoPolicy = {
  name: "verdant-default",
  objectiveWeights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, kind: 0.1 },
  // Toronto-Ottawa, the demo's one nearby pair, is about 440 km of fibre: past the 300 km of the
  // measured reference, so the predicted slowdown (under 5 %) is the check that decides.
  constraints: { maxDeferralHours: 24, honorCarbonBudget: true, allowSplitAcrossClusters: true, maxSplitDistanceKm: 500 },
};

/**
 * The busy demo's smaller fleet: every `openbStride`-th node of the openb list (then dealt into the
 * openb clusters as before) and a few spot nodes per model. Thousands of GPUs at 60-85 % would need
 * thousands of running jobs of the trace's mostly fractional pods, each polled every cycle and, at the
 * simulated 60x, ending within seconds to minutes; about 900 GPUs keep the demo's cycle fast.
 */
export const busyFleet = {
  openbStride: 8,
  spotTake: {
    "sin-hub-1": { "A100-SXM4-80GB": 4, H800: 2, A10: 16 },
    "ott-regional-1": { "A100-SXM4-80GB": 4, H800: 2 },
  } as Record<string, Record<string, number>>,
};

/**
 * Busy-demo quotas: flat ceilings above each tenant's share of the fleet (the per-model cohort
 * quotas bind first), fair-share weights, and each tenant's nominal share of every GPU model. Borealis
 * runs little at the start, so its nominal GPUs are what Cirrus borrows.
 */
export const busyTenantQuotas: Record<string, { maxGpus: number; fairShareWeight: number; nominalShare: number; runningShare: number }> = {
  "aurora-labs": { maxGpus: 700, fairShareWeight: 2, nominalShare: 0.45, runningShare: 0.5 },
  "borealis-ai": { maxGpus: 500, fairShareWeight: 1.5, nominalShare: 0.35, runningShare: 0.15 },
  "cirrus-media": { maxGpus: 400, fairShareWeight: 1, nominalShare: 0.2, runningShare: 0.35 },
};

/** The seeded priority classes and the share of demo jobs in each (see server/data/demo-workload-mix.ts). */
export const demoClassShares = DEMO_CLASS_SHARES;
