// Pending jobs per tenant and priority class, counted by why they wait (Kueue's pending workloads).
import Link from "next/link";
import type { QueueFilter, QueueView } from "@/server/services/queue-view-service";

/** The page's URL with a filter: each count links to the jobs it counts. */
export function queueHref(basePath: string, f: QueueFilter): string {
  const q = new URLSearchParams();
  if (f.tenantId) q.set("tenant", f.tenantId);
  if (f.priorityClass !== undefined) q.set("class", f.priorityClass);
  if (f.reason) q.set("reason", f.reason);
  const text = q.toString();
  return text ? `${basePath}?${text}` : basePath;
}

/** One row per tenant and class; one column per pending reason that occurs. */
export function QueueCounts({ view, basePath }: { view: Pick<QueueView, "groups" | "reasons">; basePath?: string }) {
  if (view.groups.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">Nothing is queued.</p>;
  // Columns only for the reasons some job has now, so the table stays narrow.
  const reasons = view.reasons.filter((r) => view.groups.some((g) => g.counts[r.reason] > 0));
  return (
    <div className="relative rounded-lg bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-600">Queued jobs by tenant, priority class and reason</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Tenant
            </th>
            <th scope="col" className="px-3 py-2">
              Class
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Queued
            </th>
            {reasons.map((r) => (
              <th key={r.reason} scope="col" className="px-3 py-2 text-right">
                {r.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.groups.map((g) => (
            <tr key={`${g.tenantId}/${g.priorityClass ?? ""}`}>
              <th scope="row" className="px-3 py-2 text-left font-medium" data-label="Tenant">
                {g.tenantName}
              </th>
              <td className="px-3 py-2" data-label="Class">
                {g.priorityClass ?? "—"}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-label="Queued">
                {basePath ? (
                  <Link className="text-leaf-700 underline" href={queueHref(basePath, { tenantId: g.tenantId, priorityClass: g.priorityClass ?? "" })}>
                    {g.total}
                  </Link>
                ) : (
                  g.total
                )}
              </td>
              {reasons.map((r) => (
                <td key={r.reason} className="px-3 py-2 text-right tabular-nums" data-label={r.label}>
                  {g.counts[r.reason] && basePath ? (
                    <Link
                      className="text-leaf-700 underline"
                      href={queueHref(basePath, { tenantId: g.tenantId, priorityClass: g.priorityClass ?? "", reason: r.reason })}
                      aria-label={`${g.counts[r.reason]} of ${g.tenantName}${g.priorityClass ? ` (${g.priorityClass})` : ""}: ${r.label}`}
                    >
                      {g.counts[r.reason]}
                    </Link>
                  ) : (
                    g.counts[r.reason] || <span className="text-slate-400">0</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
