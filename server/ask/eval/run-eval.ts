// Runs the evaluation set against the configured model: each question's record is picked from the
// database, grounded as the asker may see it (a tenant: its own decisions and weeks), answered through
// the same checked generation as the app, and the answer scored for the expected facts it contains.
import type { SessionUser } from "../../auth/session-user";
import type { Db } from "../../db/client";
import { findOperatorId, findTenantMemberId, pickDecisionId } from "../../repositories/ask-eval-repository";
import { findSessionUser } from "../../repositories/user-repository";
import type { AskOutcome, GroundingRecord } from "../contract";
import { answerGrounded } from "../generate/answer-grounded";
import type { AskTools } from "../generate/ask-tool";
import { groundDecision, readableDecision } from "../grounding/ground-decision";
import { groundPeriod } from "../narrative/narrative-service";
import { weekPeriod } from "../narrative/period";
import { decisionFact, periodFact, type ExpectedFact } from "./expected-facts";
import type { GoldenQuestion } from "./golden-set";
import { containsFact } from "./match-facts";

/** A question with its record resolved: who asks, the grounding, the expected facts. */
export interface ResolvedCase {
  question: GoldenQuestion;
  asker: SessionUser;
  grounding: GroundingRecord;
  tools?: AskTools;
  expected: ExpectedFact[];
}

/** A question whose record the database does not hold (or that lacks an expected fact). */
export interface UnresolvedCase {
  question: GoldenQuestion;
  reason: string;
}

/** One scored answer. */
export interface EvalResult {
  id: string;
  outcome: AskOutcome;
  /** Whether a generated answer was shown (its first or second draft passed the check). */
  answered: boolean;
  /** Whether a draft had a claim the record does not hold (regenerated or fell back). */
  checkFailed: boolean;
  missing: string[];
  text: string;
  latencyMs: number;
}

async function askerFor(db: Db, q: GoldenQuestion): Promise<SessionUser | null> {
  const tenant = q.pick.kind === "decision" ? q.pick.tenant : q.pick.tenant;
  const id = q.asker === "tenant" ? (tenant ? await findTenantMemberId(db, tenant) : null) : await findOperatorId(db);
  return id ? findSessionUser(db, id) : null;
}

/** Picks each question's record and reads its expected facts. */
export async function resolveCases(db: Db, questions: readonly GoldenQuestion[], now: Date): Promise<{ cases: ResolvedCase[]; unresolved: UnresolvedCase[] }> {
  const cases: ResolvedCase[] = [];
  const unresolved: UnresolvedCase[] = [];
  for (const question of questions) {
    const asker = await askerFor(db, question);
    if (!asker) {
      unresolved.push({ question, reason: `no ${question.asker} user to ask as` });
      continue;
    }
    const pick = question.pick;
    if (pick.kind === "decision") {
      const id = await pickDecisionId(db, { outcome: pick.outcome === "placed" ? "PLACED" : "DEFERRED", tenantName: pick.tenant, nth: pick.nth });
      const view = id ? await readableDecision(db, id, asker) : null;
      const grounded = id && view ? await groundDecision(id, asker, db) : null;
      if (!view || !grounded) {
        unresolved.push({ question, reason: `no ${pick.outcome} decision #${pick.nth + 1} of ${pick.tenant}` });
        continue;
      }
      const record = {
        explanation: view.explanation,
        clusterName: view.clusterName,
        startAt: view.startAt,
        tenantName: view.job.tenantName,
        policyName: view.policy.name,
      };
      const expected = question.expect.map((name) => decisionFact(name, record));
      if (expected.some((f) => f === null)) {
        unresolved.push({ question, reason: `decision ${id} holds no ${question.expect.filter((_, i) => expected[i] === null).join(", ")}` });
        continue;
      }
      cases.push({ question, asker, grounding: grounded.grounding, tools: grounded.tools, expected: expected as ExpectedFact[] });
    } else {
      const { facts, grounding } = await groundPeriod(db, asker, weekPeriod(now, pick.weeksAgo));
      const expected = question.expect.map((name) => periodFact(name, facts));
      if (expected.some((f) => f === null)) {
        unresolved.push({ question, reason: `the week holds no ${question.expect.filter((_, i) => expected[i] === null).join(", ")}` });
        continue;
      }
      cases.push({ question, asker, grounding, expected: expected as ExpectedFact[] });
    }
  }
  return { cases, unresolved };
}

/** Asks one resolved question and scores the answer. */
export async function runCase(db: Db, c: ResolvedCase): Promise<EvalResult> {
  const started = Date.now();
  const answer = await answerGrounded({
    userId: c.asker.id,
    question: c.question.question,
    grounding: c.grounding,
    ...(c.tools ? { tools: c.tools } : {}),
    db,
  });
  const answered = answer.outcome === "passed" || answer.outcome === "regenerated";
  return {
    id: c.question.id,
    outcome: answer.outcome,
    answered,
    checkFailed: answer.outcome === "regenerated" || answer.outcome === "fallback",
    missing: answered ? c.expected.filter((f) => !containsFact(answer.text, f)).map((f) => f.name) : [],
    text: answer.text,
    latencyMs: Date.now() - started,
  };
}

/** The totals of a run. */
export interface EvalSummary {
  questions: number;
  answered: number;
  factChecksFailed: number;
  expectedFactsMissing: number;
  answersMissingFacts: number;
  unresolved: number;
  providerErrors: number;
}

/** Sums a run's results. */
export function summarize(results: readonly EvalResult[], unresolved: number): EvalSummary {
  return {
    questions: results.length,
    answered: results.filter((r) => r.answered).length,
    factChecksFailed: results.filter((r) => r.checkFailed).length,
    expectedFactsMissing: results.reduce((n, r) => n + r.missing.length, 0),
    answersMissingFacts: results.filter((r) => r.missing.length > 0).length,
    unresolved,
    providerErrors: results.filter((r) => r.outcome === "provider-error" || r.outcome === "rate-limited").length,
  };
}
