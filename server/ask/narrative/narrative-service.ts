// The weekly narrative a viewer reads: the facts of the week (a tenant's own jobs only), the template
// sentences, and when a model is configured a generated text checked like every answer, its sentences
// linked back to the decisions of the facts they rest on. Kept per (period, audience, tenant) so a page
// render calls no model when a fresh narrative is stored.
import type { SessionUser } from "../../auth/session-user";
import type { Db } from "../../db/client";
import { findPeriodNarrative, readFleetNames, readTenantName, savePeriodNarrative } from "../../repositories/narrative-repository";
import { DomainError } from "../../services/errors";
import { ASK_ENABLE_HINT, askConfigured } from "../config";
import type { AskOutcome, GroundingRecord } from "../contract";
import { answerGrounded } from "../generate/answer-grounded";
import { allowedFacts } from "./allowed";
import { buildPeriodFacts } from "./build-facts";
import type { NarrativeSentence, PeriodFacts } from "./facts";
import { weekPeriod } from "./period";
import { narrativeContext, narrativeQuestion } from "./prompt";
import { linkSentences } from "./tagged";
import { templateNarrative } from "./template";

/** How long a stored narrative of a week still running is shown before it is built again. */
export const NARRATIVE_TTL_MS = 60 * 60_000;
/** How long a template shown in place of a failed generation is kept before the model is asked again. */
export const NARRATIVE_RETRY_MS = 5 * 60_000;

/** What the narrative panel shows. */
export interface NarrativeView {
  from: string;
  to: string;
  audience: PeriodFacts["audience"];
  tenant: string | null;
  sentences: NarrativeSentence[];
  /** How the text came to be: a checked generated text (passed, regenerated) or the template and why. */
  outcome: AskOutcome;
  generated: boolean;
  notice: string | null;
  model: string | null;
  builtAt: string;
  facts: PeriodFacts;
}

const isGenerated = (o: string) => o === "passed" || o === "regenerated";

/** Whether a stored narrative may be shown again. */
export function stillFresh(row: { outcome: string; createdAt: Date }, period: { to: Date }, now: Date, configured: boolean): boolean {
  // A change of configuration shows at once: a model newly set up, or one removed.
  if (configured === (row.outcome === "unconfigured")) return false;
  // A generated narrative of a finished week is final.
  if (isGenerated(row.outcome) && row.createdAt >= period.to) return true;
  // A template shown because the model failed (down, slow, rate limited, a failed check) is retried sooner.
  const ttl = configured && !isGenerated(row.outcome) ? NARRATIVE_RETRY_MS : NARRATIVE_TTL_MS;
  return now.getTime() - row.createdAt.getTime() < ttl;
}

/** The audience of a viewer, and the tenant whose jobs it may see (null: the whole fleet). */
function scopeOf(viewer: SessionUser): { audience: PeriodFacts["audience"]; tenantId: string | null } {
  const audience: PeriodFacts["audience"] = viewer.role === "ADMIN" ? "admin" : viewer.role === "OPERATOR" ? "operator" : "tenant";
  if (audience === "tenant" && !viewer.tenantId) throw new DomainError("FORBIDDEN", "Your account is not a member of a tenant.");
  return { audience, tenantId: audience === "tenant" ? viewer.tenantId : null };
}

/**
 * The grounding of a question about a period, as the viewer may see it (a tenant: its own jobs):
 * the facts, the template sentences, and the record the model sees and its answer is checked against.
 */
export async function groundPeriod(db: Db, viewer: SessionUser, period: { from: Date; to: Date }) {
  const { audience, tenantId } = scopeOf(viewer);
  const [tenantName, vocabulary] = await Promise.all([tenantId ? readTenantName(db, tenantId) : null, readFleetNames(db)]);
  const facts = await buildPeriodFacts(db, { ...period, ...(tenantId ? { tenantId } : {}) }, { audience, tenantName });
  const template = templateNarrative(facts);
  const grounding: GroundingRecord = {
    audience,
    subject: { kind: "period", from: facts.from, to: facts.to, ...(tenantId ? { tenantId } : {}) },
    context: narrativeContext(facts, template),
    allowed: allowedFacts(facts, vocabulary),
    templateText: template.map((s) => s.text).join(" "),
    decisionIds: [...new Set(template.flatMap((s) => s.decisionIds))],
    charts: [],
  };
  return { facts, template, grounding, vocabulary };
}

/** The narrative of the week `weeksAgo` weeks back, as the viewer may read it. */
export async function getPeriodNarrative(db: Db, viewer: SessionUser, options: { now: Date; weeksAgo: number }): Promise<NarrativeView> {
  const { audience, tenantId } = scopeOf(viewer);
  const period = weekPeriod(options.now, options.weeksAgo);
  const key = { audience, tenantKey: tenantId ?? "", from: period.from, to: period.to };
  const configured = askConfigured();

  const cached = await findPeriodNarrative(db, key);
  if (cached && stillFresh(cached, period, options.now, configured)) {
    const facts = cached.facts as PeriodFacts;
    return {
      from: facts.from,
      to: facts.to,
      audience,
      tenant: facts.tenant,
      sentences: cached.sentences as NarrativeSentence[],
      outcome: cached.outcome as AskOutcome,
      generated: isGenerated(cached.outcome),
      notice: cached.notice,
      model: cached.model,
      builtAt: cached.createdAt.toISOString(),
      facts,
    };
  }

  const { facts, template, grounding, vocabulary } = await groundPeriod(db, viewer, period);
  let sentences = template;
  let outcome: AskOutcome = "unconfigured";
  let notice: string | null = `No model is configured: ${ASK_ENABLE_HINT}.`;
  let model: string | null = null;
  let askAnswerId: string | null = null;

  if (configured) {
    const answer = await answerGrounded({ userId: viewer.id, question: narrativeQuestion(audience), grounding, db });
    outcome = answer.outcome;
    model = answer.model;
    askAnswerId = answer.answerId;
    notice = answer.notice ?? null;
    if (isGenerated(answer.outcome)) {
      const linked = linkSentences(answer.text, facts, vocabulary);
      // A generated text that came back as nothing usable shows the template instead.
      if (linked.length > 0) sentences = linked;
      else notice = "The model's narrative had no sentences; showing the template.";
    }
  }

  const builtAt = options.now;
  await savePeriodNarrative(db, key, { facts, sentences, outcome, notice, model, askAnswerId }, builtAt);
  return {
    from: facts.from,
    to: facts.to,
    audience,
    tenant: facts.tenant,
    sentences,
    outcome,
    generated: isGenerated(outcome) && sentences !== template,
    notice,
    model,
    builtAt: builtAt.toISOString(),
    facts,
  };
}
