// The "Placement" card: which node and GPUs each gang member received, per cluster when the job was
// split across two clusters (each part numbers its members from 1).
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { DecisionSection } from "./decision-section";

type ChosenPart = Decision["explanation"]["chosen"][number];

/** Which GPUs of the node, by index, with the count in words: "GPU #0", "GPUs #0, #1 (2 GPUs)", "no GPU" (an index is not a count). */
export function gpuSlots(indices: readonly number[]): string {
  if (indices.length === 0) return "no GPU";
  const list = indices.map((i) => `#${i}`).join(", ");
  return indices.length === 1 ? `GPU ${list}` : `GPUs ${list} (${indices.length} GPUs)`;
}

/** Node and GPU indices per member of every chosen part. */
export function DecisionPlacement({ parts, clusterName }: { parts: readonly ChosenPart[]; clusterName: (id: string) => string }) {
  const split = parts.length > 1;
  return (
    <DecisionSection title="Placement">
      {parts.map((part) => (
        <div key={part.clusterId} className="text-sm">
          {split && (
            <h3 className="mt-2 font-medium">
              {clusterName(part.clusterId)}: {part.members} member{part.members === 1 ? "" : "s"}
            </h3>
          )}
          <ul>
            {part.placements.map((p) => (
              <li key={p.member}>
                Member {p.member + 1}: node <span className="font-mono">{p.nodeName}</span>, {gpuSlots(p.gpuIndices)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </DecisionSection>
  );
}
