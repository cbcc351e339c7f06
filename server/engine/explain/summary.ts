/**
 * One-line summaries rendered from an explanation, e.g.
 * "0/1,213 nodes can host this job: 1,100 have no GPU with 470 milli free, 113 lack 8 CPU cores".
 */
import type { Reason, ReasonCode } from "./reason-codes";
import { describeReason } from "./render-reason";

/** Thousands separators without Intl, so the text is identical on every runtime. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
const fmt = formatCount;

/**
 * Summary of a step. `examples` gives one reason per code so the phrase can quote the numbers;
 * codes are listed by descending node count (ties by code name, for stable text).
 */
export function summarizeStep(
  nodesTotal: number,
  nodesFeasible: number,
  histogram: Readonly<Record<string, number>>,
  examples: ReadonlyMap<ReasonCode, Reason>,
): string {
  const head = `${fmt(nodesFeasible)}/${fmt(nodesTotal)} nodes can host this job`;
  const parts = Object.entries(histogram)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, count]) => {
      const example = examples.get(code as ReasonCode) ?? { code: code as ReasonCode };
      return `${fmt(count)} ${describeReason(example, "node", count)}`;
    });
  return parts.length > 0 ? `${head}: ${parts.join(", ")}` : head;
}
