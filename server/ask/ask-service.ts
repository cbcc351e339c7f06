// Questions about a decision or a job from a signed-in user: ground on what the user may see, or
// refuse without saying whether the subject exists; then answer through the checked generation layer.
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { componentLogger } from "../logging/logger";
import { ASK_ENABLE_HINT, askConfig } from "./config";
import type { AskSubject, CheckedAnswer } from "./contract";
import { answerGrounded } from "./generate/answer-grounded";
import { storeAnswer } from "./generate/store-answer";
import { audienceOf } from "./grounding/audience";
import { groundDecision, type Grounded } from "./grounding/ground-decision";
import { groundJob } from "./grounding/ground-job";

/** The text of every refusal: the same whether the subject is another tenant's or does not exist. */
export const REFUSAL_TEXT = "You can ask only about decisions and jobs you can open yourself.";

/** Whether a model is configured, and what to set when not (the key never leaves the server). */
export function askStatus(): { configured: boolean; model: string | null; hint: string | null } {
  const config = askConfig();
  return { configured: config !== null, model: config?.model ?? null, hint: config ? null : `To enable Ask Verdant, ${ASK_ENABLE_HINT}.` };
}

async function refuse(db: Db, user: SessionUser, subject: AskSubject, question: string): Promise<CheckedAnswer> {
  const answerId = await storeAnswer(db, {
    userId: user.id,
    grounding: {
      audience: audienceOf(user),
      subject,
      context: null,
      allowed: { numbers: [], clusters: [], models: [], tenants: [], times: [] },
      templateText: "",
      decisionIds: [],
    },
    question,
    outcome: "refused",
    model: null,
    messages: [],
    answer: REFUSAL_TEXT,
    checkedClaims: 0,
    failedClaims: [],
    attempts: 0,
    latencyMs: 0,
  });
  componentLogger("ask").warn({ answerId, userId: user.id, subject, outcome: "refused" }, "ask: refused");
  return { outcome: "refused", text: REFUSAL_TEXT, notice: REFUSAL_TEXT, model: null, charts: [], decisionIds: [], answerId };
}

async function answer(db: Db, user: SessionUser, subject: AskSubject, question: string, grounded: Grounded | null, signal?: AbortSignal) {
  if (!grounded) return refuse(db, user, subject, question);
  return answerGrounded({ userId: user.id, question, grounding: grounded.grounding, tools: grounded.tools, db, ...(signal ? { signal } : {}) });
}

/** Answers a question about one decision the user may see. */
export async function askAboutDecision(db: Db, user: SessionUser, decisionId: string, question: string, signal?: AbortSignal): Promise<CheckedAnswer> {
  return answer(db, user, { kind: "decision", id: decisionId }, question, await groundDecision(decisionId, user, db), signal);
}

/** Answers a question about one job the user may see. */
export async function askAboutJob(db: Db, user: SessionUser, jobId: string, question: string, now: Date, signal?: AbortSignal): Promise<CheckedAnswer> {
  return answer(db, user, { kind: "job", id: jobId }, question, await groundJob(jobId, user, now, db), signal);
}
