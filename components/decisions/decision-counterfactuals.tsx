// The "What would change the outcome" card: the runner-up's deltas, the cost of starting now and
// the engine's typed fixes for an unplaceable job.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { formatDuration, formatEmissions } from "@/components/ui/format";
import { DecisionSection } from "./decision-section";

const signed = (n: number) => (n >= 0 ? "+" : "");

function RunnerUp({ explanation: e }: { explanation: Decision["explanation"] }) {
  const r = e.counterfactuals.runnerUp;
  if (!r) return null;
  const name = e.clusters.find((c) => c.clusterId === r.clusterId)?.name;
  return (
    <li>
      Runner-up {name}: {signed(r.deltaGCo2e)}
      {formatEmissions(r.deltaGCo2e)}, {signed(r.deltaWaitS)}
      {formatDuration(Math.abs(r.deltaWaitS))} wait, fragmentation {signed(r.deltaFragmentationMilli)}
      {r.deltaFragmentationMilli.toFixed(0)} milli-GPU.
    </li>
  );
}

/** The alternatives to this decision, or a note that none was close. */
export function DecisionCounterfactuals({ explanation: e }: { explanation: Decision["explanation"] }) {
  const cf = e.counterfactuals;
  return (
    <DecisionSection title="What would change the outcome">
      <ul className="list-disc pl-5 text-sm text-slate-800">
        <RunnerUp explanation={e} />
        {cf.startNow && <li>Starting now instead would add {formatEmissions(cf.startNow.extraGCo2e)}.</li>}
        {cf.fixes.map((f, i) => (
          <li key={i}>{f.description}</li>
        ))}
        {!cf.runnerUp && !cf.startNow && cf.fixes.length === 0 && <li>No alternative was close.</li>}
      </ul>
    </DecisionSection>
  );
}
