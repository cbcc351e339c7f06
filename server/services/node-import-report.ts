/** Checking parsed node-list lines against the catalog and the fleet, and the report a preview shows. */
import type { OpenbNode } from "../data/openb-csv";
import { nodeNameProblem } from "../data/node-name";

/** Problems listed in full up to this many; the count is always exact. */
const MAX_LISTED_PROBLEMS = 200;
const SAMPLE_ROWS = 20;

/** One problem of the file, by line and column. */
export interface ImportProblem {
  line: number;
  column: string | null;
  message: string;
}

/** What an import would add, and every problem that stops it. */
export interface ImportReport {
  fileName: string;
  clusterName: string;
  ok: boolean;
  dataLines: number;
  problemCount: number;
  problems: ImportProblem[];
  unknownModels: { model: string; lines: number; suggestion: string | null }[];
  duplicateNames: number;
  add: { nodes: number; gpus: number; cpuMilli: number; memoryMib: number; byModel: { model: string; nodes: number; gpus: number }[] };
  sample: { line: number; name: string; cpuMilli: number; memoryMib: number; gpuCount: number; gpuModel: string | null }[];
}

/** A parsed line of the file. */
export interface NodeLine {
  line: number;
  node: OpenbNode;
}

/** The lines that pass, the unknown GPU models (with how many lines name each) and the names already in the fleet. */
export interface NodeChecks {
  valid: NodeLine[];
  unknown: Map<string, number>;
  duplicateNames: number;
}

/**
 * Checks each line's GPU model against the catalog and its name against the fleet (`existing`: name
 * to the cluster that has it), adding a problem per failed check.
 */
export function checkNodeLines(lines: NodeLine[], known: ReadonlySet<string>, existing: ReadonlyMap<string, string>, problems: ImportProblem[]): NodeChecks {
  const checks: NodeChecks = { valid: [], unknown: new Map(), duplicateNames: 0 };
  for (const entry of lines) {
    const { line, node } = entry;
    let ok = true;
    const badName = nodeNameProblem(node.name);
    if (badName) {
      problems.push({ line, column: "sn", message: badName });
      ok = false;
    }
    if (node.gpuModel && !known.has(node.gpuModel)) {
      checks.unknown.set(node.gpuModel, (checks.unknown.get(node.gpuModel) ?? 0) + 1);
      problems.push({ line, column: "model", message: `GPU model "${node.gpuModel}" is not in the catalog` });
      ok = false;
    }
    const inCluster = existing.get(node.name);
    if (inCluster !== undefined) {
      checks.duplicateNames++;
      problems.push({ line, column: "sn", message: `node "${node.name}" already exists in cluster ${inCluster}` });
      ok = false;
    }
    if (ok) checks.valid.push(entry);
  }
  return checks;
}

/** Nodes and GPUs to add per GPU model, most GPUs first. */
function addedByModel(valid: NodeLine[]): { model: string; nodes: number; gpus: number }[] {
  const byModel = new Map<string, { nodes: number; gpus: number }>();
  for (const { node } of valid) {
    const key = node.gpuModel ?? "CPU only";
    const m = byModel.get(key) ?? { nodes: 0, gpus: 0 };
    m.nodes++;
    m.gpus += node.gpuCount;
    byModel.set(key, m);
  }
  return [...byModel].map(([model, m]) => ({ model, ...m })).sort((a, b) => b.gpus - a.gpus || a.model.localeCompare(b.model));
}

/** The preview report; `problems` must be sorted by line. */
export function buildImportReport(input: {
  fileName: string;
  clusterName: string;
  dataLines: number;
  problems: ImportProblem[];
  checks: NodeChecks;
  catalogModels: readonly string[];
}): ImportReport {
  const { problems, checks } = input;
  const { valid } = checks;
  return {
    fileName: input.fileName,
    clusterName: input.clusterName,
    ok: problems.length === 0,
    dataLines: input.dataLines,
    problemCount: problems.length,
    problems: problems.slice(0, MAX_LISTED_PROBLEMS),
    unknownModels: [...checks.unknown].map(([model, lines]) => ({
      model,
      lines,
      suggestion: input.catalogModels.find((id) => id.toLowerCase() === model.toLowerCase()) ?? null,
    })),
    duplicateNames: checks.duplicateNames,
    add: {
      nodes: valid.length,
      gpus: valid.reduce((s, v) => s + v.node.gpuCount, 0),
      cpuMilli: valid.reduce((s, v) => s + v.node.cpuMilli, 0),
      memoryMib: valid.reduce((s, v) => s + v.node.memoryMib, 0),
      byModel: addedByModel(valid),
    },
    sample: valid.slice(0, SAMPLE_ROWS).map(({ line, node }) => ({
      line,
      name: node.name,
      cpuMilli: node.cpuMilli,
      memoryMib: node.memoryMib,
      gpuCount: node.gpuCount,
      gpuModel: node.gpuModel,
    })),
  };
}
