// The one entry point of "Ask Verdant": whether a model is configured, the claim checker every
// generated text passes through, the grounded answer, and the grounding builders of decisions and
// jobs. Narrative, evaluation and the API import from here.
export type * from "./contract";
export { askConfigured, askConfig, askLimits, ASK_ENABLE_HINT, type AskConfig } from "./config";
export { checkClaims } from "./claims/check-claims";
export { answerGrounded, type AnswerGroundedInput } from "./generate/answer-grounded";
export type { AskTool, AskToolResult, AskTools } from "./generate/ask-tool";
export { mergeFacts } from "./generate/ask-tool";
export { groundDecision, readableDecision, type Grounded } from "./grounding/ground-decision";
export { groundJob } from "./grounding/ground-job";
export { collectFacts, groundingFacts, numbersInText } from "./grounding/collect-facts";
export { loadFleetVocabulary, allowedModelNames, modelAliases } from "./grounding/vocabulary";
export { audienceOf } from "./grounding/audience";
