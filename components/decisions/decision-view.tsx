// The decision page body, rendered from the typed explanation: words first, then the candidates,
// the score chart, the carbon curve, the counterfactuals and the provenance. Each card is its own
// component so a new part of the explanation is one more line here.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { DecisionCandidatesTable } from "./decision-candidates-table";
import { DecisionCarbonWindow } from "./decision-carbon-window";
import { DecisionCounterfactuals } from "./decision-counterfactuals";
import { DecisionIntensitySources } from "./decision-intensity-sources";
import { DecisionPlacement } from "./decision-placement";
import { DecisionPreemption } from "./decision-preemption";
import { DecisionProvenance } from "./decision-provenance";
import { DecisionScoreChart } from "./decision-score-chart";
import { DecisionSplit } from "./decision-split";
import { DecisionSummary } from "./decision-summary";

/** The full decision page body for one recorded scheduling decision. */
export function DecisionView({ decision }: { decision: Decision }) {
  const e = decision.explanation;
  const chosen = e.chosen[0];
  return (
    <div className="flex flex-col gap-6">
      <DecisionSummary decision={decision} />
      <DecisionCandidatesTable explanation={e} />
      <DecisionPreemption explanation={e} />
      <DecisionSplit explanation={e} />
      <DecisionScoreChart explanation={e} />
      {chosen && <DecisionCarbonWindow chosen={chosen} />}
      {chosen && <DecisionIntensitySources explanation={e} chosen={chosen} />}
      <DecisionCounterfactuals explanation={e} />
      {chosen && <DecisionPlacement parts={e.chosen} clusterName={(id) => e.clusters.find((c) => c.clusterId === id)?.name ?? id} />}
      <DecisionProvenance decision={decision} />
    </div>
  );
}
