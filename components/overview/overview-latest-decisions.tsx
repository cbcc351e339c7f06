// The overview's "Latest decisions" card: the most recent decisions, each linking to its page.
import Link from "next/link";
import type { Overview } from "@/server/services/overview-service";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";

/** The latest decisions with outcome, job, tenant, cluster and time. */
export function OverviewLatestDecisions({ decisions }: { decisions: Overview["decisions"] }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="decisions-title">
      <h2 id="decisions-title" className="mb-3 text-lg font-semibold">
        Latest decisions
      </h2>
      {decisions.length === 0 ? (
        <p className="text-sm text-slate-600">No decisions yet: the scheduler decides within seconds of a submission.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {decisions.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="latest-decision">
              <StatusBadge status={d.outcome} />
              <Link href={`/decisions/${d.id}`} className="font-medium text-leaf-700 underline">
                {d.jobName}
              </Link>
              <span className="text-slate-600">{d.tenantName}</span>
              <span className="text-slate-600">{d.clusterName ?? "no cluster"}</span>
              <span className="ml-auto text-slate-600">
                <Timestamp value={d.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
