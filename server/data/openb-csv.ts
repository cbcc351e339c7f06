/**
 * Parsers for the Alibaba "openb" trace CSVs (cluster-trace-gpu-v2023), the format used by the FGD
 * artifact. Pure functions over text so the seed, the benchmark, the simulator and the admin CSV
 * import share one implementation; every error names the file and the 1-based line.
 */
import { parse } from "csv-parse/sync";

/** One node of an openb node list. */
export interface OpenbNode {
  name: string;
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  /** GPU model code (e.g. "G2", "T4", "V100M32"); null for CPU-only nodes. */
  gpuModel: string | null;
}

/** One pod (job) of an openb pod list. Times are seconds since the trace start. */
export interface OpenbPod {
  name: string;
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  /** Share requested on each GPU, 0..1000; below 1000 only for single-GPU sharing pods. */
  gpuMilli: number;
  /** Allowed GPU models; empty means any. */
  gpuSpec: string[];
  qos: string;
  phase: string;
  creationTimeS: number;
  deletionTimeS: number | null;
  scheduledTimeS: number | null;
}

/** A problem in an input file, naming the file, line and column. */
export class CsvInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: string | null,
    detail: string,
  ) {
    super(`${file}:${line}${column ? ` column "${column}"` : ""}: ${detail}`);
    this.name = "CsvInputError";
  }
}

type Row = Record<string, string>;

function readRows(text: string, file: string, required: readonly string[]): Row[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false, trim: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new CsvInputError(file, line, null, `malformed CSV (${(error as Error).message})`);
  }
  const header = records[0];
  if (!header) throw new CsvInputError(file, 1, null, "the file is empty; expected a header line");
  for (const name of required) {
    if (!header.includes(name)) {
      throw new CsvInputError(file, 1, name, `missing required column; the header has: ${header.join(",")}`);
    }
  }
  return records.slice(1).map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""])));
}

function intField(row: Row, column: string, file: string, line: number, opts: { min?: number; max?: number; optional?: boolean } = {}): number | null {
  const raw = row[column] ?? "";
  if (raw === "") {
    if (opts.optional) return null;
    throw new CsvInputError(file, line, column, "is empty; expected a whole number");
  }
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new CsvInputError(file, line, column, `"${raw}" is not a whole number`);
  if (opts.min !== undefined && value < opts.min) throw new CsvInputError(file, line, column, `${value} is below the minimum ${opts.min}`);
  if (opts.max !== undefined && value > opts.max) throw new CsvInputError(file, line, column, `${value} is above the maximum ${opts.max}`);
  return value;
}

const req = (v: number | null): number => v as number;

/** Parses an openb node list (`sn,cpu_milli,memory_mib,gpu,model`). */
export function parseOpenbNodes(text: string, file = "nodes.csv"): OpenbNode[] {
  const rows = readRows(text, file, ["sn", "cpu_milli", "memory_mib", "gpu", "model"]);
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const line = i + 2;
    const name = row.sn ?? "";
    if (!name) throw new CsvInputError(file, line, "sn", "is empty; expected a node name");
    if (seen.has(name)) throw new CsvInputError(file, line, "sn", `duplicate node name "${name}"`);
    seen.add(name);
    const gpuCount = req(intField(row, "gpu", file, line, { min: 0, max: 64 }));
    const model = (row.model ?? "").trim();
    if (gpuCount > 0 && !model) throw new CsvInputError(file, line, "model", "is empty but the node has GPUs");
    return {
      name,
      cpuMilli: req(intField(row, "cpu_milli", file, line, { min: 0 })),
      memoryMib: req(intField(row, "memory_mib", file, line, { min: 0 })),
      gpuCount,
      gpuModel: gpuCount > 0 ? model : null,
    };
  });
}

/** Parses an openb pod list (`name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,...`). */
export function parseOpenbPods(text: string, file = "pods.csv"): OpenbPod[] {
  const rows = readRows(text, file, ["name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli"]);
  return rows.map((row, i) => {
    const line = i + 2;
    const gpuCount = req(intField(row, "num_gpu", file, line, { min: 0, max: 64 }));
    const gpuMilli = req(intField(row, "gpu_milli", file, line, { min: 0, max: 1000 }));
    if (gpuCount > 1 && gpuMilli !== 1000) {
      throw new CsvInputError(file, line, "gpu_milli", `multi-GPU pods take whole GPUs; got ${gpuMilli} with num_gpu ${gpuCount}`);
    }
    if (gpuCount >= 1 && gpuMilli === 0) throw new CsvInputError(file, line, "gpu_milli", "is 0 but num_gpu is at least 1");
    const spec = (row.gpu_spec ?? "").trim();
    return {
      name: row.name || `pod-${line}`,
      cpuMilli: req(intField(row, "cpu_milli", file, line, { min: 0 })),
      memoryMib: req(intField(row, "memory_mib", file, line, { min: 0 })),
      gpuCount,
      gpuMilli: gpuCount === 0 ? 0 : gpuMilli,
      gpuSpec: spec ? spec.split("|").map((s) => s.trim()).filter(Boolean) : [],
      qos: row.qos ?? "",
      phase: row.pod_phase ?? "",
      creationTimeS: intField(row, "creation_time", file, line, { optional: true }) ?? 0,
      deletionTimeS: intField(row, "deletion_time", file, line, { optional: true }),
      scheduledTimeS: intField(row, "scheduled_time", file, line, { optional: true }),
    };
  });
}
