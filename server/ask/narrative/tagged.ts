// Turns a generated narrative back into linked sentences. The model is asked to start each sentence
// with its fact id in brackets ("[waits] ..."); a sentence without a known tag is linked to the first
// fact group whose numbers and names back all its claims, and to none when no group does.
import { checkClaims } from "../claims/check-claims";
import type { FleetVocabulary } from "../contract";
import { allowedForFact } from "./allowed";
import { FACT_IDS, type FactId, type FactLinks, type NarrativeSentence, type PeriodFacts } from "./facts";

const TAG = /^\s*(?:[-*•]\s*)?\[([a-z-]+)\]\s*/;

/** The links of one fact group (suggestions share one list). */
export function linksOf(f: PeriodFacts, id: FactId): FactLinks {
  switch (id) {
    case "decisions":
      return f.decisions;
    case "clusters":
      return f.clusters;
    case "waits":
      return f.waits;
    case "carbon":
      return f.carbon;
    case "clean-power":
      return f.cleanPower;
    case "disruption":
      return f.disruption;
    case "suggestion": {
      const ids = [...new Set(f.suggestions.flatMap((s) => s.decisionIds))];
      return {
        decisionIds: ids,
        decisionCount: Math.max(
          ids.length,
          f.suggestions.reduce((n, s) => n + s.decisionCount, 0),
        ),
      };
    }
  }
}

/** Splits text into sentences (lines first, then sentence ends), keeping each line's tag with its first sentence. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=\[|[A-Z0-9])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The fact a sentence without a tag rests on: the first group backing every claim it makes (null when none does or it makes none). */
export function factOfSentence(text: string, f: PeriodFacts, vocabulary?: FleetVocabulary): FactId | null {
  for (const id of FACT_IDS) {
    const check = checkClaims(text, allowedForFact(f, id, vocabulary));
    if (check.ok && check.checkedClaims > 0) return id;
  }
  return null;
}

/** The generated text as linked sentences, tags removed. */
export function linkSentences(text: string, f: PeriodFacts, vocabulary?: FleetVocabulary): NarrativeSentence[] {
  return splitSentences(text).map((raw) => {
    const m = TAG.exec(raw);
    const tag = m && (FACT_IDS as readonly string[]).includes(m[1]!) ? (m[1] as FactId) : null;
    const sentence = (m ? raw.slice(m[0].length) : raw).trim();
    const id = tag ?? factOfSentence(sentence, f, vocabulary);
    const links = id ? linksOf(f, id) : { decisionIds: [], decisionCount: 0 };
    return { factId: id, text: sentence, decisionIds: links.decisionIds, decisionCount: id ? links.decisionCount : 0 };
  });
}
