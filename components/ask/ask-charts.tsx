"use client";
// The charts an answer refers to, drawn from data beside its words: the decision's candidate scores
// and carbon window (the decision page's own chart components, fed from the decision record) and a
// what-if comparison of CO2e and wait.
import { useQuery } from "@tanstack/react-query";
import { CarbonWindowChart } from "@/components/charts/carbon-window-chart";
import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { ScoreContributionsChart } from "@/components/charts/score-contributions-chart";
import { scoreRowsOf } from "@/components/decisions/decision-score-chart";
import { useTRPC } from "@/components/trpc/react";
import type { AskChartRef, WhatIfComparison } from "@/server/ask/contract";

function Figure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
      {children}
    </figure>
  );
}

/** One decision chart, drawn from the decision record (fetched once and shared by the page's queries). */
function DecisionChart({ chart }: { chart: Extract<AskChartRef, { kind: "candidate-scores" | "carbon-window" }> }) {
  const trpc = useTRPC();
  const decision = useQuery(trpc.decisions.get.queryOptions({ id: chart.decisionId }));
  if (!decision.data) return <p className="text-sm text-slate-500">{decision.isError ? "The chart's decision could not be loaded." : "Loading chart…"}</p>;
  const e = decision.data.explanation;
  if (chart.kind === "candidate-scores") {
    return (
      <Figure title="Weighted score contributions">
        <ScoreContributionsChart rows={scoreRowsOf(e)} />
      </Figure>
    );
  }
  const chosen = e.chosen[0];
  if (!chosen) return null;
  return (
    <Figure title="Carbon intensity over the window">
      <CarbonWindowChart points={chosen.carbon.curve} chosenStartMs={chosen.carbon.chosenStartMs} earliestStartMs={chosen.carbon.earliestStartMs} />
    </Figure>
  );
}

const sideText = (s: WhatIfComparison["recorded"]) =>
  s.cluster ? `${s.outcome} on ${s.cluster} from ${s.start ? new Date(s.start).toUTCString() : "?"}` : s.outcome;

/** A what-if run beside the recorded decision: CO2e and wait of each. */
function WhatIfChart({ comparison }: { comparison: WhatIfComparison }) {
  const rows = [
    { side: "As decided", kg: (comparison.recorded.gCo2e ?? 0) / 1000, waitH: (comparison.recorded.waitS ?? 0) / 3600 },
    { side: `With ${comparison.change}`, kg: (comparison.changed.gCo2e ?? 0) / 1000, waitH: (comparison.changed.waitS ?? 0) / 3600 },
  ];
  return (
    <Figure title={`What if: ${comparison.change}`}>
      <CategoryBarChart
        rows={rows}
        categoryKey="side"
        series={[
          { key: "kg", label: "kg CO2e", color: "#15803d" },
          { key: "waitH", label: "wait (h)", color: "#64748b" },
        ]}
        unit=""
        label={`Comparison of CO2e and wait as decided and with ${comparison.change}`}
        height="h-48"
      />
      <p className="text-xs text-slate-600">
        As decided: {sideText(comparison.recorded)}. With the change: {sideText(comparison.changed)}.
      </p>
    </Figure>
  );
}

/** The charts of one answer. */
export function AskCharts({ charts, whatIfs }: { charts: AskChartRef[]; whatIfs?: WhatIfComparison[] | undefined }) {
  const decisionCharts = charts.filter((c): c is Extract<AskChartRef, { kind: "candidate-scores" | "carbon-window" }> => c.kind !== "what-if");
  if (decisionCharts.length === 0 && !whatIfs?.length) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {decisionCharts.map((c) => (
        <DecisionChart key={`${c.kind}-${c.decisionId}`} chart={c} />
      ))}
      {whatIfs?.map((w) => (
        <WhatIfChart key={w.change} comparison={w} />
      ))}
    </div>
  );
}
