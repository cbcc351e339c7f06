import Link from "next/link";

interface LatestDecision {
  id: string;
  outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE";
  cluster: { name: string } | null;
}

/**
 * The job's cluster (or that it waits), linked to the decision page that explains it. A deferral may
 * wait for cleaner power or for busy nodes; the decision (and the queue view) says which.
 */
export function DecisionLink({ decision, emptyText, jobStatus }: { decision: LatestDecision | undefined; emptyText: string; jobStatus?: string }) {
  if (!decision) return <span className="text-slate-500">{emptyText}</span>;
  // A job cancelled or expired while waiting waits no more: its last deferral is history, not a promise.
  const ended = decision.outcome !== "PLACED" && (jobStatus === "CANCELLED" || jobStatus === "EXPIRED");
  const text = ended
    ? `${jobStatus === "CANCELLED" ? "cancelled" : "expired"} before it started — last decision`
    : decision.outcome === "PLACED"
      ? (decision.cluster?.name ?? "placed")
      : decision.outcome === "DEFERRED"
        ? `starts later${decision.cluster ? ` on ${decision.cluster.name}` : ""} — why?`
        : "cannot run yet — why?";
  return (
    <Link href={`/decisions/${decision.id}`} className="text-leaf-700 underline decoration-leaf-500/40 hover:decoration-leaf-700" data-testid="decision-link">
      {text}
    </Link>
  );
}
