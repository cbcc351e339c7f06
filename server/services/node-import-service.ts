/**
 * Imports nodes into a cluster from an openb node list (`sn,cpu_milli,memory_mib,gpu,model`, with
 * optional `rack,switch,pod` topology columns, docs/topology.md). The
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
import { buildImportReport, checkNodeLines, type ImportProblem, type ImportReport } from "./node-import-report";

export type { ImportProblem, ImportReport } from "./node-import-report";

const problemOf = (e: CsvInputError): ImportProblem => ({ line: e.line, column: e.column, message: e.message.replace(/^.*?:\d+(?: column "[^"]*")?: /, "") });

/** Checks the cluster and every line of the file; the report lists each problem and what would be added. */
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
  const parsed = parseNodeFile(input);
  const problems = parsed.errors.map(problemOf);
  const models = await listGpuModels(db);
  const known = new Set(models.map((m) => m.id));
  const existing = new Map(
    (
      await findNodesNamed(
        db,
        parsed.nodes.map((n) => n.node.name),
      )
    ).map((n) => [n.name, n.cluster.name]),
  );
  const checks = checkNodeLines(parsed.nodes, known, existing, problems);
  if (parsed.nodes.length === 0 && problems.length === 0) problems.push({ line: 1, column: null, message: "the file has a header but no nodes" });
  problems.sort((a, b) => a.line - b.line);
  const report = buildImportReport({
    fileName: input.fileName,
    clusterName: cluster.name,
    dataLines: parsed.nodes.length + parsed.errors.length,
    problems,
    checks,
    catalogModels: models.map((m) => m.id),
  });
  return { report, nodes: checks.valid.map((v) => v.node), clusterId: cluster.id };
}

/** The file's lines; a file that cannot be read at all counts as one problem. */
function parseNodeFile(input: NodeImportInput): ReturnType<typeof readOpenbNodeList> {
  try {
    return readOpenbNodeList(input.csv, input.fileName);
  } catch (error) {
    if (!(error instanceof CsvInputError)) throw error;
    return { nodes: [], errors: [error] };
  }
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
