import Link from "next/link";

interface LatestDecision {
  id: string;
  outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE";
  cluster: { name: string } | null;
}

/** The job's cluster (or why it waits), linked to the decision page that explains it. */
export function DecisionLink({ decision, emptyText }: { decision: LatestDecision | undefined; emptyText: string }) {
  if (!decision) return <span className="text-slate-500">{emptyText}</span>;
  const text =
    decision.outcome === "PLACED"
      ? (decision.cluster?.name ?? "placed")
      : decision.outcome === "DEFERRED"
        ? `waiting for cleaner power${decision.cluster ? ` (${decision.cluster.name})` : ""}`
        : "cannot run yet — why?";
  return (
    <Link href={`/decisions/${decision.id}`} className="text-leaf-700 underline decoration-leaf-500/40 hover:decoration-leaf-700" data-testid="decision-link">
      {text}
    </Link>
  );
}
