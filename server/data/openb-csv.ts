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
  /** Optional `rack`, `switch` and `pod` columns (Verdant's node import; not in the trace): absent = unknown. */
  rack?: string;
  switchGroup?: string;
  podGroup?: string;
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
/** A data row with the 1-based line it ends on in the file (blank lines and quoted newlines counted). */
interface LineRow {
  line: number;
  row: Row;
}

/**
 * Reads the header and data rows. Strict mode throws on the first malformed row; relaxed mode keeps
 * rows with the wrong number of fields and reports each of them in `errors` (for per-line reports).
 */
function readLineRows(text: string, file: string, required: readonly string[], relaxed: boolean): { rows: LineRow[]; errors: CsvInputError[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: relaxed, trim: true, info: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new CsvInputError(file, line, null, `malformed CSV (${(error as Error).message})`);
  }
  const header = records[0]?.record;
  if (!header) throw new CsvInputError(file, 1, null, "the file is empty; expected a header line");
  for (const name of required) {
    if (!header.includes(name)) {
      throw new CsvInputError(file, records[0]!.info.lines, name, `missing required column; the header has: ${header.join(",")}`);
    }
  }
  const rows: LineRow[] = [];
  const errors: CsvInputError[] = [];
  for (const { record, info } of records.slice(1)) {
    if (record.length !== header.length) errors.push(new CsvInputError(file, info.lines, null, `has ${record.length} fields; the header has ${header.length}`));
    else rows.push({ line: info.lines, row: Object.fromEntries(header.map((name, i) => [name, record[i] ?? ""])) });
  }
  return { rows, errors };
}

function readRows(text: string, file: string, required: readonly string[]): LineRow[] {
  return readLineRows(text, file, required, false).rows;
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

/** A topology group name: letters, digits, dot, dash, underscore; at most 64 characters. */
const GROUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The optional topology columns of a line (rack, switch group, pod); an empty cell = unknown. */
function topologyOfRow(row: Row, file: string, line: number): Pick<OpenbNode, "rack" | "switchGroup" | "podGroup"> {
  const out: Pick<OpenbNode, "rack" | "switchGroup" | "podGroup"> = {};
  for (const [column, key] of [
    ["rack", "rack"],
    ["switch", "switchGroup"],
    ["pod", "podGroup"],
  ] as const) {
    const value = (row[column] ?? "").trim();
    if (!value) continue;
    if (!GROUP_NAME.test(value)) throw new CsvInputError(file, line, column, `"${value}" is not a group name (letters, digits, dots, dashes, underscores; at most 64)`);
    out[key] = value;
  }
  return out;
}

/** One data line of a node list: the node it describes, or why it is invalid. */
function nodeOfRow(row: Row, file: string, line: number): OpenbNode {
  const name = row.sn ?? "";
  if (!name) throw new CsvInputError(file, line, "sn", "is empty; expected a node name");
  const gpuCount = req(intField(row, "gpu", file, line, { min: 0, max: 64 }));
  const model = (row.model ?? "").trim();
  if (gpuCount > 0 && !model) throw new CsvInputError(file, line, "model", "is empty but the node has GPUs");
  return {
    name,
    cpuMilli: req(intField(row, "cpu_milli", file, line, { min: 0 })),
    memoryMib: req(intField(row, "memory_mib", file, line, { min: 0 })),
    gpuCount,
    gpuModel: gpuCount > 0 ? model : null,
    ...topologyOfRow(row, file, line),
  };
}

/**
 * Reads an openb node list (`sn,cpu_milli,memory_mib,gpu,model`, optionally `rack`, `switch`, `pod`)
 * without stopping at the first bad line: every valid node with its line, and one error per invalid line (for an import's validation
 * report). A file-level problem (no header, a missing column, an unclosed quote) still throws.
 */
export function readOpenbNodeList(text: string, file = "nodes.csv"): { nodes: { line: number; node: OpenbNode }[]; errors: CsvInputError[] } {
  const { rows, errors } = readLineRows(text, file, ["sn", "cpu_milli", "memory_mib", "gpu", "model"], true);
  const firstLineOf = new Map<string, number>();
  const nodes: { line: number; node: OpenbNode }[] = [];
  for (const { line, row } of rows) {
    try {
      const node = nodeOfRow(row, file, line);
      const first = firstLineOf.get(node.name);
      if (first !== undefined) throw new CsvInputError(file, line, "sn", `duplicate node name "${node.name}" (first on line ${first})`);
      firstLineOf.set(node.name, line);
      nodes.push({ line, node });
    } catch (error) {
      if (!(error instanceof CsvInputError)) throw error;
      errors.push(error);
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { nodes, errors };
}

/** Parses an openb node list (`sn,cpu_milli,memory_mib,gpu,model`); throws on the first bad line. */
export function parseOpenbNodes(text: string, file = "nodes.csv"): OpenbNode[] {
  const { nodes, errors } = readOpenbNodeList(text, file);
  if (errors[0]) throw errors[0];
  return nodes.map((n) => n.node);
}

/** Parses an openb pod list (`name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,...`). */
export function parseOpenbPods(text: string, file = "pods.csv"): OpenbPod[] {
  const rows = readRows(text, file, ["name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli"]);
  return rows.map(({ line, row }) => {
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
