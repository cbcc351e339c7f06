/** Clusters for operators: inventory with fragmentation, one cluster live, and its history. */
import type { Db } from "../db/client";
import { buildTargetWorkload } from "../engine";
import { findClusterDetail, listClusterSummaries } from "../repositories/cluster-repository";
import { readClusterSampleBuckets } from "../repositories/cluster-sample-repository";
import { findRecentJobShapes } from "../repositories/fleet-repository";
import { countMultiGpuRequests, readNodeGpuStates } from "../repositories/gpu-state-repository";
import { DomainError } from "./errors";
import { getInventoryState } from "./inventory-service";
import { fragmentationByCluster, gpuFragmentationRatio, mostCommonMultiGpuShape } from "./fragmentation-metrics";
import { buildClusterSeries, HISTORY_RANGES, type HistoryRange } from "./sample-series";

/** Same window of recent jobs as the scheduler uses to learn its target workload. */
const WORKLOAD_JOBS = 5000;

/** Every cluster's summary with its GFR and FGD fragmentation rate now. */
export async function listClusters(db: Db) {
  const [summaries, nodes, shapes, multiGpu] = await Promise.all([
    listClusterSummaries(db),
    readNodeGpuStates(db),
    findRecentJobShapes(db, WORKLOAD_JOBS),
    countMultiGpuRequests(db),
  ]);
  const workload = buildTargetWorkload(
    shapes
      .filter((s) => s.gpuCount > 0)
      .map((s) => ({ cpuMilli: s.cpuMilli, gpuCount: s.gpuCount, gpuMilliPerGpu: s.gpuMilli, allowedGpuModels: s.allowedGpuModels })),
  );
  const byCluster = fragmentationByCluster(nodes, workload, mostCommonMultiGpuShape(multiGpu));
  return summaries.map((c) => {
    const f = byCluster.get(c.id);
    return {
      ...c,
      fragmentation: f
        ? { gfr: f.gfr.ratio, fragmentedNodes: f.gfr.fragmentedNodes, gpuNodes: f.gfr.gpuNodes, shapeGpus: f.gfr.shapeGpus, fgdRate: f.fgd.rate }
        : null,
    };
  });
}

export type ClusterListRow = Awaited<ReturnType<typeof listClusters>>[number];

/** One cluster's nodes, GPUs and jobs, with its GFR now and (Kubernetes) its inventory imports and drift. */
export async function getCluster(db: Db, id: string) {
  const [detail, multiGpu, inventory] = await Promise.all([findClusterDetail(db, id), countMultiGpuRequests(db), getInventoryState(db, id)]);
  if (!detail) throw new DomainError("NOT_FOUND", "No such cluster.");
  const gfr = gpuFragmentationRatio(
    detail.cluster.nodes.map((n) => ({ gpuMilliFree: n.gpus.map((g) => 1000 - g.allocatedMilli) })),
    mostCommonMultiGpuShape(multiGpu),
  );
  return { ...detail, gfr, inventory };
}

/** One cluster's allocation and power over the last 24 h or 7 d. */
export async function getClusterHistory(db: Db, id: string, now: Date, range: HistoryRange) {
  const { windowMs, bucketSeconds } = HISTORY_RANGES[range];
  const fromMs = now.getTime() - windowMs;
  const buckets = await readClusterSampleBuckets(db, new Date(fromMs), bucketSeconds, id);
  return { range, fromMs, nowMs: now.getTime(), rows: buildClusterSeries(buckets) };
}
