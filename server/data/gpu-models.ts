/**
 * The demo GPU catalog with its published max board power filled in from gpu_tdp_published.csv.
 * Shared by the demo seed (GpuModel rows) and the simulator's scenario loader (GpuModelSpec), so the
 * openb model codes (G2, G3, T4, P100, V100M16, V100M32, A10) map to the same figures everywhere.
 */
import { parse } from "csv-parse/sync";
import { CsvInputError } from "../data/openb-csv";
import { demoGpuModels, type DemoGpuModel } from "./demo-catalog";

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
