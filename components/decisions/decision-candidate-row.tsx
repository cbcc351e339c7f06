// One row of the "Clusters considered" table: rank, filters that failed (with their typed reasons
// rendered by the engine), the start the cluster could offer, its emissions and its total score.
import { describeClusterReason } from "@/server/engine";
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { Timestamp } from "@/components/time/timestamp";
import { formatEmissions } from "@/components/ui/format";

/** One cluster as the coordinator saw it for this decision. */
export type DecisionCandidate = Decision["explanation"]["clusters"][number];

function FailedFilters({ candidate }: { candidate: DecisionCandidate }) {
  if (candidate.passed) return <span className="text-leaf-700">all passed</span>;
  return (
    <ul className="list-disc pl-4 text-red-800">
      {candidate.filters
        .filter((f) => !f.passed)
        .flatMap((f) =>
          f.reasons.map((r, i) => (
            <li key={`${f.filter}-${i}`}>
              {f.filter}: {describeClusterReason(r, 1)}
              {f.verdict === "unfit-unresolvable" ? " (waiting will not change this)" : ""}
            </li>
          )),
        )}
    </ul>
  );
}

/** A table row describing one candidate cluster. */
export function DecisionCandidateRow({ candidate: c }: { candidate: DecisionCandidate }) {
  return (
    <tr data-testid="candidate-row">
      <td className="px-2 py-2">{c.rank ?? "—"}</td>
      <td className="px-2 py-2 font-medium whitespace-nowrap">{c.name}</td>
      <td className="px-2 py-2 whitespace-nowrap">
        {c.zone} · {c.tier}
      </td>
      <td className="px-2 py-2">
        <FailedFilters candidate={c} />
      </td>
      <td className="px-2 py-2 whitespace-nowrap">
        {c.startMs ? <Timestamp value={new Date(c.startMs)} /> : "—"}
        {c.startReason && c.startReason !== "now" ? ` (${c.startReason})` : ""}
      </td>
      <td className="px-2 py-2 text-right whitespace-nowrap">{formatEmissions(c.carbon?.chosenGCo2e)}</td>
      <td className="px-2 py-2 text-right">{c.total === null ? "—" : c.total.toFixed(1)}</td>
    </tr>
  );
}
