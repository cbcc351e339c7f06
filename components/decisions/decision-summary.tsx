// The "In words" card: the rendered explanation lines and the headline facts of the outcome.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatEmissions } from "@/components/ui/format";
import { DecisionSection } from "./decision-section";

/** The decision in words, followed by outcome, cluster, start and the chosen candidate's carbon estimate. */
export function DecisionSummary({ decision }: { decision: Decision }) {
  const chosen = decision.explanation.chosen[0];
  return (
    <DecisionSection title="In words">
      <div className="flex flex-col gap-2 text-slate-800" data-testid="decision-text">
        {decision.text.map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Outcome</dt>
          <dd>
            <StatusBadge status={decision.outcome} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Cluster</dt>
          <dd>{decision.clusterName ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Start</dt>
          <dd>
            <Timestamp value={decision.startAt} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Energy (estimate)</dt>
          <dd>{chosen ? chosen.carbon.energy.text : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Emissions (estimate)</dt>
          <dd>{chosen ? chosen.carbon.emissions.text : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Saved by the window</dt>
          <dd>{chosen ? `${formatEmissions(chosen.carbon.savingGCo2e)} (${chosen.carbon.savingPct.toFixed(1)} %)` : "—"}</dd>
        </div>
      </dl>
    </DecisionSection>
  );
}
