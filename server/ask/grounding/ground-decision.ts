// The grounding of a question about one decision: the viewer-safe explanation as context (through
// the same read the decision page uses, so a tenant reaches only its own tenant's decisions), the
// facts it holds, the page's template text, the charts it can show, and the tools over it.
import type { SessionUser } from "../../auth/session-user";
import { db as defaultDb, type Db } from "../../db/client";
import { findJobNames } from "../../repositories/job-detail-repository";
import { getDecision, type DecisionView } from "../../services/decision-service";
import { DomainError } from "../../services/errors";
import type { AskChartRef, GroundingRecord } from "../contract";
import type { AskTools } from "../generate/ask-tool";
import { audienceOf } from "./audience";
import { groundingFacts } from "./collect-facts";
import { decisionContext } from "./decision-context";
import { decisionTools } from "./decision-tools";
import { allowedModelNames, loadFleetVocabulary } from "./vocabulary";

/** A grounding record and the tools over it. */
export interface Grounded {
  grounding: GroundingRecord;
  tools: AskTools;
}

/** The decision as the viewer may read it, or null when it does not exist or is another tenant's (the two are not told apart). */
export async function readableDecision(db: Db, decisionId: string, viewer: SessionUser): Promise<DecisionView | null> {
  try {
    return await getDecision(db, viewer, decisionId);
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/** The charts a decision can show beside an answer: its candidate scores and, when a start was chosen, its carbon window. */
export function decisionCharts(decision: DecisionView): AskChartRef[] {
  const charts: AskChartRef[] = [];
  if (decision.explanation.clusters.some((c) => c.passed && c.scores.length)) charts.push({ kind: "candidate-scores", decisionId: decision.id });
  if (decision.explanation.chosen[0]) charts.push({ kind: "carbon-window", decisionId: decision.id });
  return charts;
}

/** Grounds a question on a decision the viewer may see; null (refuse) otherwise. */
export async function groundDecisionView(db: Db, decision: DecisionView, viewer: SessionUser, extraContext: Record<string, unknown> = {}): Promise<Grounded> {
  const e = decision.explanation;
  const seesAllTenants = viewer.role !== "TENANT_MEMBER";
  const mentioned = [...(e.capacityWait?.freedBy.map((f) => f.jobId) ?? []), ...(e.backfill?.ahead.map((a) => a.jobId) ?? [])];
  const [jobNames, vocabulary] = await Promise.all([findJobNames(db, mentioned, seesAllTenants ? null : viewer.tenantId), loadFleetVocabulary(db)]);
  const built = decisionContext(e, { decisionId: decision.id, jobName: decision.job.name, tenantName: decision.job.tenantName, seesAllTenants, jobNames });
  const context = { ...extraContext, ...built.context, inWords: decision.text };
  // The full explanation backs every number it holds, and the rendered text the derived ones it writes.
  const facts = groundingFacts([context, e], decision.text);
  const { modelNames, ...names } = vocabulary;
  const grounding: GroundingRecord = {
    audience: audienceOf(viewer),
    subject: { kind: "decision", id: decision.id },
    context,
    allowed: {
      numbers: facts.numbers,
      times: facts.times,
      clusters: built.clusters,
      models: allowedModelNames(built.models, modelNames),
      tenants: [decision.job.tenantName],
      vocabulary: names,
    },
    templateText: decision.text.join("\n"),
    decisionIds: [decision.id],
    charts: decisionCharts(decision),
  };
  const tools = decisionTools({ db, decisionId: decision.id, explanation: e, candidates: built.context.clusters, modelCodes: [...modelNames.keys()] });
  return { grounding, tools };
}

/** Grounds a question on one decision; null when the viewer may not see it (or it does not exist). */
export async function groundDecision(decisionId: string, viewer: SessionUser, db: Db = defaultDb()): Promise<Grounded | null> {
  const decision = await readableDecision(db, decisionId, viewer);
  return decision ? groundDecisionView(db, decision, viewer) : null;
}
