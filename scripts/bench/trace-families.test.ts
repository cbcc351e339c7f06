import { describe, expect, it } from "vitest";
import { describeTable, familyVariantNames, gpuspecVariant, GPUSPEC_SETS, multigpuVariant, parseTable, type FamilyNode } from "./trace-families";

const header = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time";
// 200 pods: 20 CPU-only, 175 one-GPU (half of them sharing), 3 two-GPU, 2 eight-GPU with 100 cores (fits only G2 below).
const rows = Array.from({ length: 200 }, (_, i) => {
  const [gpu, milli, cpu] = i < 20 ? [0, 0, 4000] : i < 195 ? [1, i % 2 ? 1000 : 470, 8000] : i < 198 ? [2, 1000, 16000] : [8, 1000, 100_000];
  return `p${i},${cpu},1024,${gpu},${milli},,LS,Running,0,10,0`;
});
const src = parseTable([header, ...rows].join("\n"));
const nodes: FamilyNode[] = [
  { model: "G2", gpu: 8, cpuMilli: 128_000, memoryMib: 1 << 20 },
  { model: "T4", gpu: 2, cpuMilli: 32_000, memoryMib: 1 << 17 },
  { model: "P100", gpu: 2, cpuMilli: 32_000, memoryMib: 1 << 17 },
];
const col = (name: string) => src.header.indexOf(name);

describe("gpuspec family", () => {
  it("constrains exactly the asked share of GPU pods, reproducibly, and never a CPU-only pod", () => {
    const v = gpuspecVariant(src, nodes, 30);
    expect(describeTable(v).constrainedPct).toBeCloseTo(30, 6);
    expect(gpuspecVariant(src, nodes, 30)).toEqual(v);
    expect(v.rows.filter((r) => r[col("num_gpu")] === "0" && r[col("gpu_spec")] !== "")).toEqual([]);
  });
  it("every constraint is one of the sets and satisfiable: some node of its models hosts the pod", () => {
    const v = gpuspecVariant(src, nodes, 35);
    const sets = new Set(GPUSPEC_SETS.map((s) => s.models.join("|")));
    for (const r of v.rows.filter((row) => row[col("gpu_spec")] !== "")) {
      expect(sets.has(r[col("gpu_spec")] as string)).toBe(true);
      const models = (r[col("gpu_spec")] as string).split("|");
      const fits = nodes.some((n) => models.includes(n.model) && n.gpu >= Number(r[col("num_gpu")]) && n.cpuMilli >= Number(r[col("cpu_milli")]));
      expect(fits).toBe(true);
    }
  });
});

describe("multigpu family", () => {
  it("multi-GPU pods carry the asked share of GPU request, total within one pod of the source", () => {
    const before = describeTable(src);
    for (const pct of [20, 40, 50]) {
      const d = describeTable(multigpuVariant(src, pct));
      expect(Math.abs(d.multiGpuPct - pct)).toBeLessThan(100 * (8 / before.gpuTotal));
      expect(Math.abs(d.gpuTotal - before.gpuTotal)).toBeLessThanOrEqual(8);
    }
  });
  it("new multi-GPU pods copy shapes of the source's own multi-GPU pods, and names stay unique", () => {
    const v = multigpuVariant(src, 50);
    const shapes = new Set(src.rows.filter((r) => Number(r[col("num_gpu")]) > 1).map((r) => `${r[col("cpu_milli")]}/${r[col("num_gpu")]}`));
    for (const r of v.rows.filter((row) => Number(row[col("num_gpu")]) > 1)) expect(shapes.has(`${r[col("cpu_milli")]}/${r[col("num_gpu")]}`)).toBe(true);
    expect(new Set(v.rows.map((r) => r[col("name")])).size).toBe(v.rows.length);
  });
  it("names every variant of both families", () => {
    expect(familyVariantNames()).toEqual([
      "gpuspec05",
      "gpuspec10",
      "gpuspec15",
      "gpuspec20",
      "gpuspec25",
      "gpuspec30",
      "gpuspec35",
      "multigpu20",
      "multigpu30",
      "multigpu40",
      "multigpu50",
    ]);
  });
});
