// The "Weighted score contributions" card: one stacked bar per cluster that passed its filters.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { ScoreContributionsChart, type ScoreRow } from "@/components/charts/score-contributions-chart";
import { DecisionSection } from "./decision-section";

type Score = Decision["explanation"]["clusters"][number]["scores"][number];

/** One chart row: the weighted objective scores rounded to two decimals. */
const rowOf = (cluster: string, scores: readonly Score[]) =>
  ({ cluster, ...Object.fromEntries(scores.map((s) => [s.objective, Number(s.weighted.toFixed(2))])) }) as ScoreRow;

/** Each passing cluster's weighted objective scores as chart rows, and the split's when the job was split. */
export function scoreRowsOf(explanation: Decision["explanation"]): ScoreRow[] {
  const rows = explanation.clusters.filter((c) => c.passed && c.scores.length).map((c) => rowOf(c.name, c.scores));
  const split = explanation.split;
  if (split?.scores.length) {
    const nameOf = (id: string) => explanation.clusters.find((c) => c.clusterId === id)?.name ?? id;
    rows.push(rowOf(`${split.clusterIds.map(nameOf).join(" + ")} (split)`, split.scores));
  }
  return rows;
}

/** The stacked score chart of the clusters that were scored. */
export function DecisionScoreChart({ explanation }: { explanation: Decision["explanation"] }) {
  return (
    <DecisionSection title="Weighted score contributions">
      <ScoreContributionsChart rows={scoreRowsOf(explanation)} />
    </DecisionSection>
  );
}
