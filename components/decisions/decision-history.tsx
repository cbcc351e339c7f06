// Links to the other decisions recorded for the same job, so a reader can follow a job that was
// deferred or left queued several times.
import Link from "next/link";
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { Timestamp } from "@/components/time/timestamp";

/** The job's earlier decisions (shown only when there is more than this one). */
export function DecisionHistory({ decision }: { decision: Decision }) {
  if (decision.history.length <= 1) return null;
  return (
    <div className="mt-4 text-sm">
      <h3 className="font-semibold">Earlier decisions about this job</h3>
      <ul>
        {decision.history
          .filter((h) => h.id !== decision.id)
          .map((h) => (
            <li key={h.id}>
              <Link className="text-leaf-700 underline" href={`/decisions/${h.id}`}>
                {h.outcome.toLowerCase()}
              </Link>{" "}
              · <Timestamp value={h.createdAt} /> {h.clusterName ? `· ${h.clusterName}` : ""}
            </li>
          ))}
      </ul>
    </div>
  );
}
