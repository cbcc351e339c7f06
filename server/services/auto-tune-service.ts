/**
 * Auto-tune experiments and policy proposals. Operators (and admins) start and read auto-tunes; only
 * admins read, apply or discard proposals. Start checks everything up-front (an active policy, jobs
 * to replay in both windows) and stores the queued experiment with its job; the experiment runner
 * does the search (server/tuning/run-auto-tune-job.ts).
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { parseCoordinatorPolicy } from "../engine";
import { enqueueExperiment } from "../experiments/experiment-queue";
import { findExperimentDetail } from "../repositories/experiment-repository";
import { findActivePolicy } from "../repositories/policy-repository";
import {
  applyProposal,
  discardProposal,
  findOpenProposals,
  findProposalOfExperiment,
  countReplayableJobs as replayableJobs,
  insertAutoTune,
  type ProposalRefusal,
} from "../repositories/auto-tune-repository";
import { startAutoTuneSchema, type StartAutoTuneInput, type StoredAutoTune } from "../schemas/auto-tune";
import type { AutoTuneResults } from "../tuning/auto-tune";
import { diffPolicies } from "./policy-service";
import { DomainError, fieldError } from "./errors";

const DAY_MS = 86_400_000;

/** The stored settings of an auto-tune from the form's input, its windows ending at `endAt` (default now). */
export function autoTuneSettings(input: StartAutoTuneInput, now: Date): StoredAutoTune {
  const v = startAutoTuneSchema.parse(input);
  const endMs = v.endAt ? Date.parse(v.endAt) : now.getTime();
  if (endMs > now.getTime()) throw fieldError("endAt", "The validation window must end by now: the history after it is not recorded yet.");
  const validationFromMs = Math.round(endMs - v.validationDays * DAY_MS);
  return {
    kind: "auto-tune",
    trainingFromMs: Math.round(validationFromMs - v.trainingDays * DAY_MS),
    trainingToMs: validationFromMs,
    validationFromMs,
    validationToMs: endMs,
    budget: v.budget,
    seed: v.seed,
    maxGarDropPts: v.maxGarDropPts,
    maxMeanWaitIncreasePct: v.maxMeanWaitIncreasePct,
    validateTop: v.validateTop,
  };
}

/** Validates and queues an auto-tune; nothing is stored when a check fails. */
export async function startAutoTune(db: Db, user: SessionUser, input: StartAutoTuneInput, now: Date) {
  const settings = autoTuneSettings(input, now);
  if (!(await findActivePolicy(db))) throw new DomainError("PRECONDITION_FAILED", "There is no active placement policy to tune.");
  if ((await replayableJobs(db, settings.trainingFromMs, settings.trainingToMs)) === 0)
    throw fieldError("trainingDays", "The training window holds no finished jobs with a ledger entry; choose a longer or earlier window.");
  if ((await replayableJobs(db, settings.validationFromMs, settings.validationToMs)) === 0)
    throw fieldError("validationDays", "The validation window holds no finished jobs with a ledger entry; choose a longer or earlier window.");
  const name = startAutoTuneSchema.parse(input).name;
  return { id: (await insertAutoTune(db, { name, settings, createdById: user.id, at: now }, enqueueExperiment)).id };
}

/** One auto-tune: its status and progress, its results once finished, and its proposal's state. */
export async function getAutoTune(db: Db, id: string) {
  const row = await findExperimentDetail(db, id);
  if (!row || row.sourceKind !== "auto-tune") throw new DomainError("NOT_FOUND", "There is no such auto-tune experiment.");
  const proposal = await findProposalOfExperiment(db, id);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    progress: row.progress,
    progressNote: row.progressNote,
    error: row.error,
    wallMs: row.wallMs,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    results: (row.results as AutoTuneResults | null) ?? null,
    proposal: proposal && { id: proposal.id, status: proposal.status, decidedBy: proposal.decidedBy?.name ?? null, decidedAt: proposal.decidedAt },
  };
}

/** Open proposals with what each changes against the active version (defaults applied on both sides). */
export async function listProposals(db: Db) {
  const [rows, active] = await Promise.all([findOpenProposals(db), findActivePolicy(db)]);
  const effective = active && parseCoordinatorPolicy(active);
  return rows.map((p) => {
    const proposed = parseCoordinatorPolicy({ name: p.policyName, version: p.baseVersion, objectiveWeights: p.objectiveWeights, constraints: p.constraints });
    return {
      id: p.id,
      experimentId: p.experimentId,
      experimentName: p.experiment.name,
      startedBy: p.experiment.createdBy?.name ?? null,
      createdAt: p.createdAt,
      baseVersion: p.baseVersion,
      activeVersion: active?.version ?? null,
      /** Applying is refused when another version became active after the search started. */
      stale: !active || active.name !== p.policyName || active.version !== p.baseVersion,
      changes: diffPolicies(effective ? { objectiveWeights: effective.objectiveWeights, constraints: effective.constraints } : null, {
        objectiveWeights: proposed.objectiveWeights,
        constraints: proposed.constraints,
      }),
      figures: p.figures as Record<string, unknown>,
    };
  });
}

function refusal(r: ProposalRefusal, activeVersion?: number): DomainError {
  if (r === "not-found") return new DomainError("NOT_FOUND", "There is no such proposal.");
  if (r === "decided") return new DomainError("CONFLICT", "This proposal was already applied or discarded.");
  return new DomainError(
    "CONFLICT",
    `The active policy changed since the auto-tune started (now version ${activeVersion ?? "none"}); run the auto-tune again on the current version.`,
  );
}

/** Applies a proposal as the new active, audited version. */
export async function applyPolicyProposal(db: Db, user: SessionUser, input: { id: string; note: string }, now: Date) {
  const out = await applyProposal(db, { id: input.id, actorId: user.id, note: input.note || "Applied from an auto-tune proposal.", at: now });
  if ("refused" in out) throw refusal(out.refused, out.activeVersion);
  return out;
}

/** Discards a proposal (audited). */
export async function discardPolicyProposal(db: Db, user: SessionUser, id: string, now: Date) {
  const out = await discardProposal(db, { id, actorId: user.id, at: now });
  if ("refused" in out) throw refusal(out.refused);
  return out;
}
