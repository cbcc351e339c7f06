// The shapes every "Ask Verdant" feature shares: what a generated answer may rest on (the grounding
// record, built from the typed explanations the asker may see), what the checker accepts, and what an
// answer returns. Question answering on decisions and jobs, the weekly narrative and the evaluation
// set all speak these types, so the checker is one piece of code whatever asked.

/** Who reads the answer: it sets the register and which facts the grounding may include. */
export type AskAudience = "tenant" | "operator" | "admin" | "auditor";

/** What the question is about. A period covers many decisions (the weekly narrative). */
export type AskSubject = { kind: "decision"; id: string } | { kind: "job"; id: string } | { kind: "period"; from: string; to: string; tenantId?: string };

/** A number the record holds, with what it is; the checker accepts a generated number only if it matches one of these. */
export interface AllowedNumber {
  value: number;
  /** e.g. "gCO2e", "kWh", "%", "h", "GPU", "min". Units let the checker accept 2,320 g as 2.32 kg. */
  unit?: string;
  /** What the number is ("CO2e of the chosen cluster"), for the audit log and the model's context. */
  label: string;
}

/** Everything a generated answer may name: numbers, clusters, GPU models, tenants and times from the record. */
export interface AllowedFacts {
  numbers: AllowedNumber[];
  /** Display names (and ids) of clusters the record mentions. */
  clusters: string[];
  /** GPU model names the record mentions. */
  models: string[];
  /** Tenant names the asker may see. */
  tenants: string[];
  /** Instants (ISO 8601) the record mentions; the checker accepts a time that renders one of them in any labelled zone. */
  times: string[];
  /**
   * Every cluster, GPU model and tenant name the fleet knows (not only those the record mentions), so
   * the checker can spot a name the record does not support. Without it only GPU-model-like tokens
   * (A100, H800) are recognised as names.
   */
  vocabulary?: FleetVocabulary;
}

/** Names the fleet knows, for spotting names in generated text. */
export interface FleetVocabulary {
  clusters: string[];
  models: string[];
  tenants: string[];
}

/** A chart Verdant already draws that an answer may show beside its words (rendered from data, never generated). */
export type AskChartRef =
  { kind: "candidate-scores"; decisionId: string } | { kind: "carbon-window"; decisionId: string } | { kind: "what-if"; decisionId: string; change: string };

/** What a question is answered from: the facts sent to the model, what the checker accepts, and the fallback text. */
export interface GroundingRecord {
  audience: AskAudience;
  subject: AskSubject;
  /** JSON the model sees (typed explanations, stored inputs the asker may see); never raw database rows. */
  context: unknown;
  allowed: AllowedFacts;
  /** The template text shown when no model is configured or the generated answer fails its checks. */
  templateText: string;
  /** Decision ids the grounding rests on, so answers (and narrative sentences) can link to them. */
  decisionIds: string[];
  charts?: AskChartRef[];
}

/** One claim in a generated answer that the record does not support. */
export interface FailedClaim {
  kind: "number" | "cluster" | "model" | "tenant" | "time";
  text: string;
  reason: string;
}

/** The outcome of checking one generated text against its grounding record. */
export interface ClaimCheck {
  ok: boolean;
  checkedClaims: number;
  failed: FailedClaim[];
}

/**
 * How an answer came to be shown: the model's first answer passed, its second did after a failed check,
 * both failed and the template was shown, no model is configured, the asker may not see the subject,
 * or the provider failed (down, slow, rate limited).
 */
export type AskOutcome = "passed" | "regenerated" | "fallback" | "unconfigured" | "refused" | "provider-error" | "rate-limited";

/** What the asker sees, and what the audit log keeps. */
export interface CheckedAnswer {
  outcome: AskOutcome;
  /** The text shown: the checked generated answer, or the template text (with why) on any other outcome. */
  text: string;
  /** A sentence saying why the template is shown (absent when a generated answer is shown). */
  notice?: string;
  model: string | null;
  charts: AskChartRef[];
  decisionIds: string[];
  /** Id of the stored answer row (prompts, model, check outcome) for audit. */
  answerId: string | null;
  /** What-if runs the answer rests on, for the comparison chart beside the words (absent when none ran). */
  whatIfs?: WhatIfComparison[];
}

/** One side of a what-if comparison: where and when the job runs, and its CO2e. */
export interface WhatIfSide {
  outcome: string;
  cluster: string | null;
  /** ISO 8601. */
  start: string | null;
  gCo2e: number | null;
  energyKwh: number | null;
  /** Seconds from the decision to the start. */
  waitS: number | null;
}

/** A recorded decision beside the same decision decided again with one change to the job. */
export interface WhatIfComparison {
  decisionId: string;
  /** The change in words. */
  change: string;
  recorded: WhatIfSide;
  changed: WhatIfSide;
}
