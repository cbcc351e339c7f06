// The "Carbon intensity over the window" card: the intensity curve around the chosen start and
// where the numbers came from (measured vs forecast hours, signal, providers).
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { CarbonWindowChart } from "@/components/charts/carbon-window-chart";
import { formatEmissions } from "@/components/ui/format";
import { DecisionSection } from "./decision-section";

/** The chosen candidate of a decision (only placed or deferred decisions have one). */
export type ChosenCandidate = Decision["explanation"]["chosen"][number];

/** The carbon curve of the chosen candidate and its earliest-vs-chosen comparison. */
export function DecisionCarbonWindow({ chosen }: { chosen: ChosenCandidate }) {
  const carbon = chosen.carbon;
  return (
    <DecisionSection title="Carbon intensity over the window">
      <CarbonWindowChart points={carbon.curve} chosenStartMs={carbon.chosenStartMs} earliestStartMs={carbon.earliestStartMs} />
      <p className="mt-2 text-sm text-slate-700">
        Starting at the earliest moment would emit {formatEmissions(carbon.earliestGCo2e)}; the chosen start emits {formatEmissions(carbon.chosenGCo2e)}.
        Intensity for {carbon.zone}: {carbon.provenance.measuredHours} measured and {carbon.provenance.forecastHours} forecast hours (
        {carbon.provenance.signalType}, {carbon.provenance.emissionFactorType}; {carbon.provenance.providers.join(", ")}).
      </p>
    </DecisionSection>
  );
}
