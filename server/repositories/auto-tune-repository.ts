/**
 * Auto-tune experiments and the policy proposals they leave. An auto-tune is an Experiment row whose
 * scenario column holds its settings (`kind: "auto-tune"`); its results and its proposal are written
 * in one transaction, and applying a proposal creates the new active policy version, audits it and
 * marks the proposal in one transaction too.
 */
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { insertExperiment, type TransactionSql } from "./experiment-repository";
import type { StoredScenario } from "./stored-json";
import type { StoredAutoTune } from "../schemas/auto-tune";

/** Stores a queued auto-tune and its queue job in one transaction (as any experiment). */
export function insertAutoTune(
  db: Db,
  input: { name: string; settings: StoredAutoTune; createdById: string; at: Date },
  enqueue: (sql: TransactionSql, id: string) => Promise<unknown>,
) {
  // The settings take the scenario column's place; the runner reads the kind before it reads a scenario.
  const scenario = input.settings as unknown as StoredScenario;
  return insertExperiment(
    db,
    { name: input.name, scenario, policies: ["active", "tuned"], baseline: "active", createdById: input.createdById, at: input.at },
    enqueue,
  );
}

/** Jobs with a ledger entry submitted in [from, to): what a window of an auto-tune replays. */
export function countReplayableJobs(db: Db, fromMs: number, toMs: number) {
  return db.job.count({ where: { submittedAt: { gte: new Date(fromMs), lt: new Date(toMs) }, savings: { isNot: null } } });
}

/** The kind stored in an experiment's scenario column ("example", "upload", "auto-tune"), or null when there is no such row. */
export async function findExperimentKind(db: Db, id: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ kind: string | null }[]>`SELECT scenario->>'kind' AS kind FROM "Experiment" WHERE id = ${id}`;
  return rows.length === 0 ? null : (rows[0]!.kind ?? "");
}

/** An auto-tune's stored settings (unchecked JSON), or null. */
export async function findAutoTuneSettings(db: Db, id: string): Promise<unknown> {
  const row = await db.experiment.findUnique({ where: { id }, select: { scenario: true } });
  return row?.scenario ?? null;
}

/** The proposal to store with a finished auto-tune. */
export interface ProposalInput {
  policyName: string;
  baseVersion: number;
  objectiveWeights: Prisma.InputJsonValue;
  constraints: Prisma.InputJsonValue;
  figures: Prisma.InputJsonValue;
}

/** Ends a running auto-tune with its results and, when there is one, its proposal; false when it was no longer running. */
export function finishAutoTune(
  db: Db,
  id: string,
  end: { at: Date; wallMs: number; note: string; results: Prisma.InputJsonValue; proposal: ProposalInput | null },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const done = await tx.experiment.updateMany({
      where: { id, status: "RUNNING" },
      data: { status: "SUCCEEDED", finishedAt: end.at, wallMs: Math.round(end.wallMs), progress: 1, progressNote: end.note, error: null, results: end.results },
    });
    if (done.count === 0) return false;
    if (end.proposal) await tx.policyProposal.create({ data: { experimentId: id, ...end.proposal, createdAt: end.at } });
    return true;
  });
}

const proposalSelect = {
  id: true,
  experimentId: true,
  policyName: true,
  baseVersion: true,
  objectiveWeights: true,
  constraints: true,
  figures: true,
  status: true,
  createdAt: true,
  decidedAt: true,
  appliedPolicyId: true,
  decidedBy: { select: { name: true } },
  experiment: { select: { name: true, createdBy: { select: { name: true } } } },
} satisfies Prisma.PolicyProposalSelect;

/** Proposals waiting for an admin, newest first. */
export function findOpenProposals(db: Db) {
  return db.policyProposal.findMany({ where: { status: "PROPOSED" }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: proposalSelect, take: 20 });
}

/** The proposal of an experiment, or null. */
export function findProposalOfExperiment(db: Db, experimentId: string) {
  return db.policyProposal.findUnique({ where: { experimentId }, select: proposalSelect });
}

/** Why an apply or discard did not happen. */
export type ProposalRefusal = "not-found" | "decided" | "stale";

/**
 * Applies a proposal: refuses one already decided, or one whose base version is no longer the active
 * version; else deactivates the active version, creates the next version from the proposal, audits it
 * (before/after, the experiment named) and marks the proposal applied, all in one transaction.
 */
export function applyProposal(
  db: Db,
  input: { id: string; actorId: string; note: string | null; at: Date },
): Promise<{ refused: ProposalRefusal; activeVersion?: number } | { policyId: string; version: number }> {
  return db.$transaction(async (tx) => {
    const proposal = await tx.policyProposal.findUnique({ where: { id: input.id } });
    if (!proposal) return { refused: "not-found" as const };
    if (proposal.status !== "PROPOSED") return { refused: "decided" as const };
    const active = await tx.policy.findFirst({ where: { active: true }, orderBy: { version: "desc" } });
    if (!active || active.name !== proposal.policyName || active.version !== proposal.baseVersion) {
      return { refused: "stale" as const, activeVersion: active?.version };
    }
    const latest = await tx.policy.findFirst({ where: { name: proposal.policyName }, orderBy: { version: "desc" } });
    await tx.policy.updateMany({ where: { active: true }, data: { active: false } });
    const created = await tx.policy.create({
      data: {
        name: proposal.policyName,
        version: (latest?.version ?? 0) + 1,
        objectiveWeights: proposal.objectiveWeights as Prisma.InputJsonValue,
        constraints: proposal.constraints as Prisma.InputJsonValue,
        note: input.note,
        active: true,
        createdById: input.actorId,
        createdAt: input.at,
      },
    });
    await tx.policyProposal.update({
      where: { id: proposal.id },
      data: { status: "APPLIED", decidedById: input.actorId, decidedAt: input.at, appliedPolicyId: created.id },
    });
    await tx.auditLog.create({
      data: {
        actorId: input.actorId,
        action: "policy.apply-proposal",
        entityType: "Policy",
        entityId: created.id,
        before: {
          version: active.version,
          objectiveWeights: active.objectiveWeights as Prisma.InputJsonValue,
          constraints: active.constraints as Prisma.InputJsonValue,
        },
        after: {
          version: created.version,
          objectiveWeights: proposal.objectiveWeights as Prisma.InputJsonValue,
          constraints: proposal.constraints as Prisma.InputJsonValue,
          note: input.note,
          proposalId: proposal.id,
          experimentId: proposal.experimentId,
        },
        at: input.at,
      },
    });
    return { policyId: created.id, version: created.version };
  });
}

/** Discards a proposal that is still open (audited); refuses one already decided. */
export function discardProposal(db: Db, input: { id: string; actorId: string; at: Date }): Promise<{ refused: ProposalRefusal } | { discarded: true }> {
  return db.$transaction(async (tx) => {
    const done = await tx.policyProposal.updateMany({
      where: { id: input.id, status: "PROPOSED" },
      data: { status: "DISCARDED", decidedById: input.actorId, decidedAt: input.at },
    });
    if (done.count === 0) return { refused: (await tx.policyProposal.count({ where: { id: input.id } })) > 0 ? ("decided" as const) : ("not-found" as const) };
    await tx.auditLog.create({
      data: { actorId: input.actorId, action: "policy.discard-proposal", entityType: "PolicyProposal", entityId: input.id, at: input.at },
    });
    return { discarded: true as const };
  });
}
