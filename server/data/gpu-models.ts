/**
 * The GPU catalog (the openb model codes plus A100 and H800) with its published max board power
 * filled in from gpu_tdp_published.csv. Shared by the demo seed (GpuModel rows) and the simulator's
 * scenario loader (GpuModelSpec), so the openb model codes (G2, G3, T4, P100, V100M16, V100M32, A10)
 * map to the same figures everywhere.
 */
import { parse } from "csv-parse/sync";
import { CsvInputError } from "./openb-csv";

/** One catalog GPU model; `maxWatts` names its row of the published TDP table or gives an estimate. */
export interface DemoGpuModel {
  id: string;
  vendor: string;
  displayName: string;
  memoryGib: number;
  /** Dense FP16 tensor TFLOPS relative to A100 (312 TFLOPS). */
  computeUnits: number;
  idleWatts: number;
  /** Key into gpu_tdp_published.csv (gpu_model|variant) for the published max board power, or a number for estimates. */
  maxWatts: { tdpRow: [string, string] } | { estimate: number };
  powerSource: string;
  figuresEstimated: boolean;
}

/** The GPU models of the demo fleet, also the simulator's default catalog. */
export const demoGpuModels: DemoGpuModel[] = [
  { id: "A100-SXM4-80GB", vendor: "NVIDIA", displayName: "A100 SXM4 80GB", memoryGib: 80, computeUnits: 1.0, idleWatts: 60, maxWatts: { tdpRow: ["A100", "SXM4 40GB/80GB"] }, powerSource: "max: NVIDIA A100 datasheet; idle: AcmeTrace measured p1 60 W", figuresEstimated: false },
  { id: "H800", vendor: "NVIDIA", displayName: "H800 SXM 80GB", memoryGib: 80, computeUnits: 3.17, idleWatts: 70, maxWatts: { tdpRow: ["H100", "SXM5 80GB"] }, powerSource: "estimate: H100 SXM5 datasheet figures (H800 is its export variant); idle estimated", figuresEstimated: true },
  { id: "A10", vendor: "NVIDIA", displayName: "A10 24GB", memoryGib: 24, computeUnits: 0.4, idleWatts: 30, maxWatts: { tdpRow: ["A10", "PCIe"] }, powerSource: "max: NVIDIA A10 datasheet; idle: reference power model", figuresEstimated: false },
  { id: "T4", vendor: "NVIDIA", displayName: "Tesla T4 16GB", memoryGib: 16, computeUnits: 0.21, idleWatts: 10, maxWatts: { tdpRow: ["Tesla T4", "PCIe"] }, powerSource: "max: NVIDIA T4 datasheet; idle: reference power model", figuresEstimated: false },
  { id: "P100", vendor: "NVIDIA", displayName: "Tesla P100 16GB", memoryGib: 16, computeUnits: 0.07, idleWatts: 25, maxWatts: { tdpRow: ["Tesla P100", "PCIe"] }, powerSource: "max: NVIDIA P100 PCIe datasheet; idle: reference power model", figuresEstimated: false },
  { id: "V100M16", vendor: "NVIDIA", displayName: "Tesla V100 16GB", memoryGib: 16, computeUnits: 0.4, idleWatts: 30, maxWatts: { tdpRow: ["Tesla V100", "PCIe"] }, powerSource: "max: NVIDIA V100 datasheet (PCIe); idle: reference power model", figuresEstimated: false },
  { id: "V100M32", vendor: "NVIDIA", displayName: "Tesla V100 32GB", memoryGib: 32, computeUnits: 0.4, idleWatts: 30, maxWatts: { tdpRow: ["Tesla V100", "PCIe"] }, powerSource: "max: NVIDIA V100 datasheet (PCIe); idle: reference power model", figuresEstimated: false },
  { id: "G2", vendor: "Undisclosed", displayName: "G2 (undisclosed Alibaba model)", memoryGib: 32, computeUnits: 0.4, idleWatts: 30, maxWatts: { estimate: 300 }, powerSource: "estimate: model undisclosed in the openb trace; V100-class figures assumed", figuresEstimated: true },
  { id: "G3", vendor: "Undisclosed", displayName: "G3 (undisclosed Alibaba model)", memoryGib: 32, computeUnits: 0.4, idleWatts: 30, maxWatts: { estimate: 300 }, powerSource: "estimate: model undisclosed in the openb trace; V100-class figures assumed", figuresEstimated: true },
];

/** Published max power (W) keyed by `gpu_model|variant`. */
export function parseGpuTdpCsv(text: string, file: string): Map<string, number> {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (error) {
    throw new CsvInputError(file, (error as { lines?: number }).lines ?? 0, null, `malformed CSV (${(error as Error).message})`);
  }
  const tdp = new Map<string, number>();
  rows.forEach((row, i) => {
    const watts = Number(row.max_power_w);
    if (!row.gpu_model) throw new CsvInputError(file, i + 2, "gpu_model", "is empty");
    if (!Number.isFinite(watts) || watts <= 0) throw new CsvInputError(file, i + 2, "max_power_w", `"${row.max_power_w ?? ""}" is not a positive number`);
    tdp.set(`${row.gpu_model}|${row.variant ?? ""}`, watts);
  });
  return tdp;
}

/** A demo catalog entry with its max power resolved to watts. */
export type ResolvedGpuModel = Omit<DemoGpuModel, "maxWatts"> & { maxWatts: number };

/** Resolves every demo GPU model's max power; throws naming the model when the table lacks its row. */
export function resolveDemoGpuModels(tdp: Map<string, number>, file = "gpu_tdp_published.csv"): ResolvedGpuModel[] {
  return demoGpuModels.map((m) => {
    const maxWatts = "estimate" in m.maxWatts ? m.maxWatts.estimate : tdp.get(m.maxWatts.tdpRow.join("|"));
    if (maxWatts === undefined) throw new Error(`${file} has no row ${"tdpRow" in m.maxWatts ? m.maxWatts.tdpRow.join(" / ") : ""} for ${m.id}`);
    return { ...m, maxWatts };
  });
}
