/** Trace-family variants as benchmark inputs: the node list for constraint feasibility and variants as job lists. */
import { readFileSync } from "node:fs";
import { parseOpenbNodes, parseOpenbPods } from "@/server/data/openb-csv";
import type { JobRequest } from "@/server/engine";
import { allVariants, formatTable, parseTable, type FamilyNode } from "./trace-families";

/** The GPU nodes of a node list as the families' feasibility check sees them. */
export function loadFamilyNodes(path: string): FamilyNode[] {
  return parseOpenbNodes(readFileSync(path, "utf8"), path)
    .filter((n) => n.gpuCount > 0 && n.gpuModel !== null)
    .map((n) => ({ model: n.gpuModel as string, gpu: n.gpuCount, cpuMilli: n.cpuMilli, memoryMib: n.memoryMib }));
}

/** Every family variant (or the named ones, in family order) derived from `podsFile`, as job lists. */
export function familyTraces(podsFile: string, nodesFile: string, names: readonly string[] | "all"): { name: string; jobs: JobRequest[] }[] {
  const variants = allVariants(parseTable(readFileSync(podsFile, "utf8")), loadFamilyNodes(nodesFile));
  const picked = names === "all" ? variants : variants.filter((v) => names.includes(v.name));
  return picked.map((v) => ({
    name: v.name,
    jobs: parseOpenbPods(formatTable(v.table), v.name).map((p) => ({
      id: p.name,
      cpuMilli: p.cpuMilli,
      memoryMib: p.memoryMib,
      gpuCount: p.gpuCount,
      gpuMilliPerGpu: p.gpuMilli,
      allowedGpuModels: p.gpuSpec,
    })),
  }));
}
