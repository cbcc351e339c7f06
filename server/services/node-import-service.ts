/**
 * Imports nodes into a cluster from an openb node list (`sn,cpu_milli,memory_mib,gpu,model`). The
 * preview validates every line and reports each problem (malformed values, unknown GPU models, names
 * already in the fleet or repeated in the file) with what would be added; the import repeats the
 * checks and writes all nodes and GPUs in one transaction, or nothing.
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { NodeImportInput } from "../schemas/cluster-form";
import { CsvInputError, readOpenbNodeList, type OpenbNode } from "../data/openb-csv";
import { nodeInsertRows, nodesFromOpenb } from "../data/cluster-nodes";
import { findClusterForAdmin, findNodesNamed, insertImportedNodes } from "../repositories/cluster-admin-repository";
import { listGpuModels } from "../repositories/catalog-repository";
import { isUniqueViolation } from "../repositories/job-repository";
import { DomainError } from "./errors";

/** Problems listed in full up to this many; the count is always exact. */
const MAX_LISTED_PROBLEMS = 200;
const SAMPLE_ROWS = 20;

export interface ImportProblem {
  line: number;
  column: string | null;
  message: string;
}

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

const problemOf = (e: CsvInputError): ImportProblem => ({ line: e.line, column: e.column, message: e.message.replace(/^.*?:\d+(?: column "[^"]*")?: /, "") });

async function validate(db: Db, input: NodeImportInput): Promise<{ report: ImportReport; nodes: OpenbNode[]; clusterId: string }> {
  const cluster = await findClusterForAdmin(db, input.clusterId);
  if (!cluster) throw new DomainError("NOT_FOUND", "No such cluster.");
  if (cluster.status === "RETIRED") throw new DomainError("PRECONDITION_FAILED", `${cluster.name} is retired; reactivate it before adding nodes.`);
  // A Kubernetes cluster's nodes come from its own node list; the next import would remove CSV ones.
  if (cluster.connection.driver === "KUBERNETES")
    throw new DomainError(
      "PRECONDITION_FAILED",
      `${cluster.name} is a Kubernetes cluster: its nodes are imported from the cluster's node list, not from a file.`,
    );
  let parsed: ReturnType<typeof readOpenbNodeList>;
  try {
    parsed = readOpenbNodeList(input.csv, input.fileName);
  } catch (error) {
    if (!(error instanceof CsvInputError)) throw error;
    parsed = { nodes: [], errors: [error] };
  }
  const problems = parsed.errors.map(problemOf);
  const models = await listGpuModels(db);
  const known = new Set(models.map((m) => m.id));
  const unknown = new Map<string, number>();
  const existing = new Map(
    (
      await findNodesNamed(
        db,
        parsed.nodes.map((n) => n.node.name),
      )
    ).map((n) => [n.name, n.cluster.name]),
  );
  let duplicateNames = 0;
  const valid: { line: number; node: OpenbNode }[] = [];
  for (const entry of parsed.nodes) {
    const { line, node } = entry;
    let ok = true;
    if (node.gpuModel && !known.has(node.gpuModel)) {
      unknown.set(node.gpuModel, (unknown.get(node.gpuModel) ?? 0) + 1);
      problems.push({ line, column: "model", message: `GPU model "${node.gpuModel}" is not in the catalog` });
      ok = false;
    }
    const inCluster = existing.get(node.name);
    if (inCluster !== undefined) {
      duplicateNames++;
      problems.push({ line, column: "sn", message: `node "${node.name}" already exists in cluster ${inCluster}` });
      ok = false;
    }
    if (ok) valid.push(entry);
  }
  if (parsed.nodes.length === 0 && problems.length === 0) problems.push({ line: 1, column: null, message: "the file has a header but no nodes" });
  problems.sort((a, b) => a.line - b.line);
  const byModel = new Map<string, { nodes: number; gpus: number }>();
  for (const { node } of valid) {
    const key = node.gpuModel ?? "CPU only";
    const m = byModel.get(key) ?? { nodes: 0, gpus: 0 };
    m.nodes++;
    m.gpus += node.gpuCount;
    byModel.set(key, m);
  }
  const report: ImportReport = {
    fileName: input.fileName,
    clusterName: cluster.name,
    ok: problems.length === 0,
    dataLines: parsed.nodes.length + parsed.errors.length,
    problemCount: problems.length,
    problems: problems.slice(0, MAX_LISTED_PROBLEMS),
    unknownModels: [...unknown].map(([model, lines]) => ({
      model,
      lines,
      suggestion: models.find((m) => m.id.toLowerCase() === model.toLowerCase())?.id ?? null,
    })),
    duplicateNames,
    add: {
      nodes: valid.length,
      gpus: valid.reduce((s, v) => s + v.node.gpuCount, 0),
      cpuMilli: valid.reduce((s, v) => s + v.node.cpuMilli, 0),
      memoryMib: valid.reduce((s, v) => s + v.node.memoryMib, 0),
      byModel: [...byModel].map(([model, m]) => ({ model, ...m })).sort((a, b) => b.gpus - a.gpus || a.model.localeCompare(b.model)),
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
  return { report, nodes: valid.map((v) => v.node), clusterId: cluster.id };
}

/** Validates the file and says what would be added; writes nothing. */
export async function previewNodeImport(db: Db, input: NodeImportInput): Promise<ImportReport> {
  return (await validate(db, input)).report;
}

/** Imports every node of a valid file, or nothing (the error names the first problem's line). */
export async function importNodes(db: Db, user: SessionUser, input: NodeImportInput, now: Date) {
  const { report, nodes, clusterId } = await validate(db, input);
  if (!report.ok) {
    const first = report.problems[0];
    const where = first ? `line ${first.line}${first.column ? ` column "${first.column}"` : ""}: ${first.message}` : "no nodes";
    throw new DomainError(
      "BAD_REQUEST",
      `${input.fileName} has ${report.problemCount} problem${report.problemCount === 1 ? "" : "s"} (first, ${where}); nothing was imported.`,
      "csv",
    );
  }
  try {
    const result = await insertImportedNodes(
      db,
      clusterId,
      (existing) => nodeInsertRows(clusterId, `node-${clusterId}`, nodesFromOpenb(nodes, "csv-import", existing)),
      {
        actorId: user.id,
        at: now,
        summary: { fileName: input.fileName, added: report.add.nodes, gpus: report.add.gpus, byModel: report.add.byModel },
      },
    );
    return { ...result, added: report.add };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", "Some of these nodes were added by someone else meanwhile; preview again.");
    throw error;
  }
}
