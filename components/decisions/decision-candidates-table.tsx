// The "Clusters considered" card: every cluster the coordinator looked at, ranked ones first, and
// how the scores were formed under the policy's weights.
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { DecisionCandidateRow } from "./decision-candidate-row";
import { DecisionSection } from "./decision-section";

const HEADERS: { label: string; right?: boolean }[] = [
  { label: "Rank" },
  { label: "Cluster" },
  { label: "Zone · tier" },
  { label: "Filters" },
  { label: "Start" },
  { label: "CO2e", right: true },
  { label: "Score", right: true },
];

/** The ranked table of candidate clusters with the scoring formula beneath it. */
export function DecisionCandidatesTable({ explanation: e }: { explanation: Decision["explanation"] }) {
  // Unranked clusters (filtered out) sort after every ranked one.
  const sorted = [...e.clusters].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99));
  return (
    <DecisionSection title="Clusters considered">
      <div className="relative overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
            <tr>
              {HEADERS.map((h) => (
                <th key={h.label} scope="col" className={h.right ? "px-2 py-2 text-right" : "px-2 py-2"}>
                  {h.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sorted.map((c) => (
              <DecisionCandidateRow key={c.clusterId} candidate={c} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Scores: raw objective → normalized 0–100 → × policy weight (
        {Object.entries(e.policy.objectiveWeights)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}
        ) → summed.
      </p>
    </DecisionSection>
  );
}
