/**
 * Reads a decision for display: the stored explanation is validated against its versioned schema
 * (a stored value that no longer parses is reported, not rendered half-way) and its plain-English
 * text is rendered from that data. Tenants read only decisions about their own jobs.
 */
import { formatExplanation, parseCoordinatorExplanation, type CoordinatorExplanation } from "../engine";
import { readerText } from "../format/zoned-time";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { findDecision, findJobDecisions } from "../repositories/decision-repository";
import { DomainError } from "./errors";
import { preemptionForViewer } from "./preemption-view";

export interface DecisionView {
  id: string;
  outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE";
  createdAt: Date;
  /** How many cycles reached this same decision (1 = once), and when the last one did. */
  seenCount: number;
  lastSeenAt: Date;
  startAt: Date | null;
  clusterName: string | null;
  policy: { name: string; version: number };
  job: { id: string; name: string; status: string; statusReason: string | null; tenantName: string };
  explanation: CoordinatorExplanation;
  text: string[];
  history: { id: string; outcome: string; createdAt: Date; startAt: Date | null; clusterName: string | null }[];
}

/** One decision with its validated explanation and rendered text. */
export async function getDecision(db: Db, user: SessionUser, id: string): Promise<DecisionView> {
  const row = await findDecision(db, id, user.role === "TENANT_MEMBER" ? (user.tenantId ?? "-") : undefined);
  if (!row) throw new DomainError("NOT_FOUND", "No such decision.");
  let explanation: CoordinatorExplanation;
  try {
    explanation = preemptionForViewer(parseCoordinatorExplanation(row.explanation), user);
  } catch {
    throw new DomainError(
      "PRECONDITION_FAILED",
      `Decision ${id} was stored with explanation version ${row.explanationVersion}, which this version of Verdant cannot read.`,
    );
  }
  const history = await findJobDecisions(db, row.jobId);
  return {
    id: row.id,
    outcome: row.outcome,
    createdAt: row.createdAt,
    seenCount: row.seenCount,
    lastSeenAt: row.lastSeenAt,
    startAt: row.startAt,
    clusterName: row.cluster?.name ?? null,
    policy: row.policy,
    job: {
      id: row.job.id,
      name: row.job.name,
      status: row.job.status,
      statusReason: readerText(user, explanation.decidedAtMs)(row.job.statusReason),
      tenantName: row.job.tenant.name,
    },
    explanation,
    text: formatExplanation(explanation).split("\n").map(readerText(user, explanation.decidedAtMs)),
    history: history.map((h) => ({ id: h.id, outcome: h.outcome, createdAt: h.createdAt, startAt: h.startAt, clusterName: h.cluster?.name ?? null })),
  };
}
