/**
 * The demo's inputs, read from the CSVs in the data folder and derived with fixed seeds: the fleet's
 * nodes and GPUs, the carbon samples, the GPU models, the trace pods and the queued jobs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nodeInsertRows } from "../data/cluster-nodes";
import { parseGpuTdpCsv, resolveDemoGpuModels } from "../data/gpu-models";
import { parseOpenbNodes, parseOpenbPods } from "../data/openb-csv";
import { buildDemoSamples, parseWideHourlyCsv } from "./demo-carbon";
import { busyFleet, demoClusters, demoTenants, demoZones } from "./demo-catalog";
import { buildDemoFleet, parseSpotNodes } from "./demo-fleet";
import { buildDemoJobs } from "./demo-jobs";

/** What the demo derives its data from. */
export interface DemoInputOptions {
  now: Date;
  dataDir: string;
  jobCount?: number;
  historyHours?: number;
  forecastHours?: number;
  seed: number;
  /** "full": every openb node and the spot nodes of the catalog; "compact": the busy demo's smaller fleet. */
  fleet?: "full" | "compact";
}

/** Reads and derives every input of the demo (see the file header). */
export function loadDemoInputs(options: DemoInputOptions) {
  const { now, dataDir, seed } = options;
  const read = (file: string) => readFileSync(join(dataDir, file), "utf8");
  const openb = parseOpenbNodes(read("openb_node_list_all_node.csv"), "openb_node_list_all_node.csv");
  const spot = parseSpotNodes(read("spot_gpu_v2026_node_info_df.csv"), "spot_gpu_v2026_node_info_df.csv");
  const pods = parseOpenbPods(read("openb_pod_list_default.csv"), "openb_pod_list_default.csv");
  const series = parseWideHourlyCsv(
    read("ci_hourly_2023_lca_wide.csv"),
    "ci_hourly_2023_lca_wide.csv",
    demoZones.map((z) => z.id),
  );
  const compact = options.fleet === "compact";
  const clusters = compact
    ? demoClusters.map((c) => (c.source.kind === "spot" ? { ...c, source: { kind: "spot" as const, take: busyFleet.spotTake[c.name] ?? {} } } : c))
    : demoClusters;
  const fleet = buildDemoFleet(clusters, compact ? openb.filter((_, i) => i % busyFleet.openbStride === 0) : openb, spot);
  const built = demoClusters.map((cluster) => nodeInsertRows(`cluster-${cluster.name}`, `node-${cluster.name}`, fleet.get(cluster.name) ?? []));
  const gpuModels = resolveDemoGpuModels(parseGpuTdpCsv(read("gpu_tdp_published.csv"), "gpu_tdp_published.csv")).map((m) => ({
    id: m.id,
    vendor: m.vendor,
    displayName: m.displayName,
    memoryGib: m.memoryGib,
    computeUnits: m.computeUnits,
    idleWatts: m.idleWatts,
    maxWatts: m.maxWatts,
    powerSource: m.powerSource,
    figuresEstimated: m.figuresEstimated,
  }));
  return {
    pods,
    gpuModels,
    nodeRows: built.flatMap((b) => b.nodeRows),
    gpuRows: built.flatMap((b) => b.gpuRows),
    samples: buildDemoSamples(series, now, options.historyHours ?? 24 * 30, options.forecastHours ?? 48, seed),
    jobs: buildDemoJobs(pods, options.jobCount ?? 60, demoTenants.length, now, seed + 1),
  };
}

/** The demo's inputs. */
export type DemoInputs = ReturnType<typeof loadDemoInputs>;
