// What `npm run ask:eval` prints: one line per question (answered and complete, answered but missing
// facts, or the template shown and why), one per unresolved question, a summary line, and with --json
// the totals as the last line.
import type { EvalResult, EvalSummary, UnresolvedCase } from "./run-eval";

/** One line per result. */
export function resultLine(r: EvalResult): string {
  const status = !r.answered ? "FAIL" : r.missing.length ? "MISS" : "ok  ";
  const detail = !r.answered ? r.outcome : r.missing.length ? `${r.outcome}; missing ${r.missing.join(", ")}` : r.outcome;
  return `${status} ${r.id.padEnd(28)} ${detail} (${r.latencyMs} ms)`;
}

/** The report's lines. */
export function reportLines(results: readonly EvalResult[], unresolved: readonly UnresolvedCase[], summary: EvalSummary, model: string): string[] {
  return [
    ...results.map(resultLine),
    ...unresolved.map((u) => `skip ${u.question.id.padEnd(28)} ${u.reason}`),
    `${model}: ${summary.answered}/${summary.questions} answered with every claim checked; ${summary.factChecksFailed} had a draft that failed the check; ` +
      `${summary.expectedFactsMissing} expected facts missing from ${summary.answersMissingFacts} answers; ${summary.unresolved} questions not in this database.`,
  ];
}

/** The JSON last line. */
export function reportJson(summary: EvalSummary): string {
  return JSON.stringify(summary);
}
