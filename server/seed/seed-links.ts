/**
 * Demo inter-cluster links and one queued job that only a split can place. Links join the demo's
 * nearby clusters; each route is the great-circle distance between the clusters' coordinates times a
 * fibre route factor (cables follow roads and rail), and the one-way latency is the route at 200 km
 * per ms plus switching. Toronto-Ottawa is a fast metro-scale interconnect (32 x 400G wavelengths);
 * London-Frankfurt is a slower, longer one whose predicted slowdown the demo policy refuses, so the
 * decision page shows both a qualifying and a refused link.
 */
import { greatCircleKm } from "../services/cluster-link-service";
import type { DbTx } from "./demo-history-write";
import { demoClusters } from "./demo-catalog";

/** Fibre route length over great-circle distance (a typical terrestrial route factor). */
const ROUTE_FACTOR = 1.25;
/** Switching and transponder delay added to propagation (ms, one way). */
const SWITCHING_MS = 0.2;

/** The demo links by cluster name, with their bandwidth (Gbit/s). */
export const DEMO_LINKS = [
  { a: "tor-hub-1", b: "ott-regional-1", bandwidthGbps: 12_800 },
  { a: "lon-regional-1", b: "fra-hub-1", bandwidthGbps: 6_400 },
] as const;

/**
 * The queued demo job that fits no single cluster but fits Toronto + Ottawa: it keeps its nodes in one
 * rack (gangSameRack), and 20 members exceed every 16-node rack, while 10 + 10 fit a rack on each side.
 */
export const DEMO_SPLIT_JOB_ID = "job-seed-split";

/** Route length (km) and latency (ms) of a demo link between two clusters. */
export function demoLinkFigures(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const distanceKm = Math.round(greatCircleKm(a, b) * ROUTE_FACTOR);
  return { distanceKm, latencyMs: Math.round((distanceKm / 200 + SWITCHING_MS) * 100) / 100 };
}

/** The demo links as rows (pair ordered by id), the same figures the snapshot's links carry. */
export function demoLinkRows() {
  const byName = new Map(demoClusters.map((c) => [c.name, c]));
  return DEMO_LINKS.map((l) => {
    const [a, b] = [`cluster-${l.a}`, `cluster-${l.b}`].sort() as [string, string];
    return { clusterAId: a, clusterBId: b, bandwidthGbps: l.bandwidthGbps, ...demoLinkFigures(byName.get(l.a)!, byName.get(l.b)!) };
  });
}

/**
 * Writes the demo links and, unless the demo places its own split (the busy demo's running state,
 * whose compact fleet has no rack pair for 20 members), the queued split job.
 */
export async function seedClusterLinks(tx: DbTx, now: Date, options: { queuedSplit: boolean } = { queuedSplit: true }): Promise<void> {
  await tx.clusterLink.createMany({ data: demoLinkRows() });
  if (!options.queuedSplit) return;
  await tx.job.create({
    data: {
      id: DEMO_SPLIT_JOB_ID,
      tenantId: "tenant-aurora-labs",
      submittedById: "user-aurora-labs",
      name: "aurora-pretrain-160gpu",
      kind: "TRAINING",
      cpuMilli: 16_000,
      memoryMib: 65_536,
      gpuCount: 8,
      gpuMilli: 1000,
      allowedGpuModels: [],
      gangSize: 20,
      gangSameRack: true,
      estimatedDurationS: 6 * 3600,
      priority: 5,
      allowedRegions: ["na-east"],
      allowSplit: true,
      idempotencyKey: "demo-split",
      submittedAt: new Date(now.getTime() - 60_000),
    },
  });
}
