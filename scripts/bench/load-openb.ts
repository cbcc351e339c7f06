/** Loads openb CSVs into engine values: GPU nodes only (gpu == 0 dropped), jobs with their shapes. */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseOpenbNodes, parseOpenbPods } from "@/server/data/openb-csv";
import { createCluster, type ClusterState, type JobRequest } from "@/server/engine";

/** The GPU cluster of the FGD experiments. Racks are synthetic: consecutive slices of `rackSize` nodes. */
export function loadOpenbCluster(path: string, rackSize: number): ClusterState {
  const nodes = parseOpenbNodes(readFileSync(path, "utf8"), path).filter((n) => n.gpuCount > 0);
  return createCluster(
    nodes.map((n, i) => ({
      name: n.name,
      cpuMilli: n.cpuMilli,
      memoryMib: n.memoryMib,
      gpuCount: n.gpuCount,
      gpuModel: n.gpuModel,
      rack: `rack-${String(Math.floor(i / rackSize)).padStart(3, "0")}`,
    })),
  );
}

/** Every pod of a pod list as a job request. */
export function loadOpenbJobs(path: string): JobRequest[] {
  return parseOpenbPods(readFileSync(path, "utf8"), path).map((p) => ({
    id: p.name,
    cpuMilli: p.cpuMilli,
    memoryMib: p.memoryMib,
    gpuCount: p.gpuCount,
    gpuMilliPerGpu: p.gpuMilli,
    allowedGpuModels: p.gpuSpec,
  }));
}

/** Short trace name from a pod-list path: openb_pod_list_cpu050.csv -> cpu050. */
export function traceName(path: string): string {
  return basename(path)
    .replace(/^openb_pod_list_/, "")
    .replace(/\.csv$/, "");
}
