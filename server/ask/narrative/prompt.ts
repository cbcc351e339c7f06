// The request for a generated narrative: the facts as JSON with their ids, the template sentences
// as an example of what each fact says, and the rule that every sentence starts with its fact's id
// in brackets so its links survive generation.
import type { NarrativeSentence, PeriodFacts } from "./facts";

/** The question sent with a period's grounding. */
export function narrativeQuestion(audience: PeriodFacts["audience"]): string {
  const reader = audience === "tenant" ? "a member of this tenant" : "the fleet's operators";
  return [
    `Write this period's weekly narrative for ${reader}: what happened, what waiting for cleaner power saved and cost, and what to change.`,
    "Write 4 to 7 sentences, one per line. Start every line with the id of the fact group it rests on in square brackets, e.g. [waits] or [carbon];",
    'the ids are the keys of "facts" in the record. Use only numbers and names from that fact group, rounded as you like.',
  ].join(" ");
}

/** The record the model sees: the period, the facts by id, and the template's sentence for each. */
export function narrativeContext(f: PeriodFacts, template: NarrativeSentence[]) {
  const strip = <T extends { decisionIds: string[]; decisionCount: number }>({ decisionIds: _ids, decisionCount: _count, ...rest }: T) => rest;
  return {
    period: { from: f.from, to: f.to },
    tenant: f.tenant,
    facts: {
      decisions: strip(f.decisions),
      clusters: strip(f.clusters),
      waits: strip(f.waits),
      carbon: strip(f.carbon),
      "clean-power": strip(f.cleanPower),
      disruption: strip(f.disruption),
      suggestion: f.suggestions.map(strip),
    },
    templateSentences: template.map((s) => `[${s.factId}] ${s.text}`),
  };
}
