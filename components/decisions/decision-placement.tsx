// The "Placement" card: which node and GPUs each gang member of the chosen candidate received.
import { DecisionSection } from "./decision-section";
import type { ChosenCandidate } from "./decision-carbon-window";

/** Node and GPU indices per member of the chosen placement. */
export function DecisionPlacement({ chosen }: { chosen: ChosenCandidate }) {
  return (
    <DecisionSection title="Placement">
      <ul className="text-sm">
        {chosen.placements.map((p) => (
          <li key={p.member}>
            Member {p.member + 1}: node <span className="font-mono">{p.nodeName}</span>, GPUs {p.gpuIndices.length ? p.gpuIndices.join(", ") : "none"}
          </li>
        ))}
      </ul>
    </DecisionSection>
  );
}
