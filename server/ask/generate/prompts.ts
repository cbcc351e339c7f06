// The words sent to the model: a system prompt that confines it to the record and sets the register
// for the audience, the question with the record as JSON, and the retry message naming what failed.
import type { AskAudience, FailedClaim } from "../contract";

const REGISTER: Record<AskAudience, string> = {
  tenant:
    "The reader is a member of the tenant that submitted the job: speak of their job, its wait, its cost in time and CO2e, and what they could change in their request.",
  operator: "The reader operates the GPU fleet: speak of clusters, capacity, policy weights, filters and what the scheduler weighed.",
  admin: "The reader administers Verdant: speak of clusters, capacity, policy weights, filters and what the scheduler weighed.",
  auditor: "The reader audits the decision: be precise about the inputs, the policy version, the figures and their provenance.",
};

/** The system prompt: answer only from the JSON record, in the audience's terms, citing numbers exactly. */
export function systemPrompt(audience: AskAudience): string {
  return [
    "You are Verdant's scheduling explainer. Verdant places GPU jobs on clusters, weighing carbon, wait time and fragmentation.",
    "Answer ONLY from the JSON record in the user's message and from the results of the tools you call. Never use outside knowledge about clusters, grids or GPUs.",
    "Cite every number exactly as the record gives it (you may convert units or round, e.g. 2,320 gCO2e as 2.32 kg CO2e) and write times as the record's ISO instants or as HH:MM UTC.",
    "Name only clusters, GPU models and tenants that appear in the record. If the record does not answer the question, say so in one sentence.",
    REGISTER[audience],
    "Answer in at most five short sentences of plain text, no tables, no markdown headings.",
  ].join("\n");
}

/** The user message: the record as JSON, then the question. */
export function questionPrompt(question: string, context: unknown): string {
  return `Record (JSON):\n${JSON.stringify(context)}\n\nQuestion: ${question}`;
}

/** The retry message after a failed check: which claims the record does not support. */
export function retryPrompt(failed: readonly FailedClaim[]): string {
  const lines = failed.map((f) => `- "${f.text}": ${f.reason}`);
  return [
    "Your answer contains claims that do not match the record:",
    ...lines,
    "Answer the same question again using only numbers, names and times that appear in the record or the tool results.",
  ].join("\n");
}
