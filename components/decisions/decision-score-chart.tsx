// The "Weighted score contributions" card: one stacked bar per cluster that passed its filters.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { ScoreContributionsChart, type ScoreRow } from "@/components/charts/score-contributions-chart";
import { DecisionSection } from "./decision-section";

/** Each passing cluster's weighted objective scores, as chart rows (rounded to two decimals). */
export function scoreRowsOf(explanation: Decision["explanation"]): ScoreRow[] {
  return explanation.clusters
    .filter((c) => c.passed && c.scores.length)
    .map((c) => ({ cluster: c.name, ...Object.fromEntries(c.scores.map((s) => [s.objective, Number(s.weighted.toFixed(2))])) }) as ScoreRow);
}

/** The stacked score chart of the clusters that were scored. */
export function DecisionScoreChart({ explanation }: { explanation: Decision["explanation"] }) {
  return (
    <DecisionSection title="Weighted score contributions">
      <ScoreContributionsChart rows={scoreRowsOf(explanation)} />
    </DecisionSection>
  );
}
