// The "Inputs and provenance" card: policy version, seed, when it was decided (and how often it was
// reached again), explanation version, the reason histogram and the job's earlier decisions.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { Timestamp } from "@/components/time/timestamp";
import { DecisionHistory } from "./decision-history";
import { DecisionSection } from "./decision-section";

/** Everything needed to reproduce or audit the decision. */
export function DecisionProvenance({ decision }: { decision: Decision }) {
  const e = decision.explanation;
  return (
    <DecisionSection title="Inputs and provenance">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Policy</dt>
          <dd>
            {decision.policy.name} v{decision.policy.version}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Seed</dt>
          <dd className="font-mono">{e.seed}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Decided</dt>
          <dd>
            <Timestamp value={decision.createdAt} />
          </dd>
        </div>
        {decision.seenCount > 1 && (
          <div data-testid="decision-repeats">
            <dt className="text-slate-500">Reached again</dt>
            <dd>
              reached {decision.seenCount} times, last <Timestamp value={decision.lastSeenAt} />
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-500">Explanation version</dt>
          <dd>{e.version}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Reasons (all clusters)</dt>
          <dd>
            {Object.entries(e.reasonHistogram)
              .map(([k, v]) => `${k} ×${v}`)
              .join(", ") || "none"}
          </dd>
        </div>
      </dl>
      <DecisionHistory decision={decision} />
    </DecisionSection>
  );
}
