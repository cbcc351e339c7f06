// The audit row of one answer: question, asker, subject, every message sent and received, the model,
// the outcome, the claims that failed and the latency. A failed write is logged, not shown: the
// asker still gets the answer, and the log line carries everything the row would have held.
import type { Db } from "../../db/client";
import { componentLogger } from "../../logging/logger";
import type { AskOutcome, FailedClaim, GroundingRecord } from "../contract";

/** What one stored answer holds. */
export interface StoredAnswer {
  userId: string;
  grounding: GroundingRecord;
  question: string;
  outcome: AskOutcome;
  model: string | null;
  messages: unknown[];
  answer: string;
  checkedClaims: number;
  failedClaims: (FailedClaim & { attempt: number })[];
  attempts: number;
  latencyMs: number;
}

/** Stores one answer; returns its id, or null when the write failed. */
export async function storeAnswer(db: Db, a: StoredAnswer): Promise<string | null> {
  const subject = a.grounding.subject;
  try {
    const row = await db.askAnswer.create({
      data: {
        userId: a.userId,
        subjectKind: subject.kind,
        subjectId: subject.kind === "period" ? `${subject.from}/${subject.to}${subject.tenantId ? `/${subject.tenantId}` : ""}` : subject.id,
        audience: a.grounding.audience,
        question: a.question,
        outcome: a.outcome,
        model: a.model,
        messages: JSON.parse(JSON.stringify(a.messages)),
        answer: a.answer,
        checkedClaims: a.checkedClaims,
        failedClaims: JSON.parse(JSON.stringify(a.failedClaims)),
        attempts: a.attempts,
        latencyMs: Math.round(a.latencyMs),
        decisionIds: a.grounding.decisionIds,
      },
      select: { id: true },
    });
    return row.id;
  } catch (error) {
    componentLogger("ask").error({ err: error, userId: a.userId, subject, outcome: a.outcome, question: a.question }, "ask: answer not stored");
    return null;
  }
}
