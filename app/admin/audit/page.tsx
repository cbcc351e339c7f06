import type { Metadata } from "next";
import Link from "next/link";
import { AuditChanges } from "@/components/admin/audit/audit-changes";
import { AuditFilters } from "@/components/admin/audit/audit-filters";
import { Timestamp } from "@/components/time/timestamp";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";
import { readerZone, zonedDayStart } from "@/server/format/zoned-time";

export const metadata: Metadata = { title: "Audit log" };
const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

type Search = { page?: string; actor?: string; type?: string; entity?: string; from?: string; to?: string };

const word = (v: string | undefined, pattern: RegExp) => (v && pattern.test(v) ? v : undefined);

export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireRole("ADMIN");
  const search = await searchParams;
  const page = Math.max(1, Number(search.page) || 1);
  // Days are the reader's: a "To" day includes all of it (the filter ends at the next day's start).
  const zone = readerZone(user.timeZone);
  const from = search.from ? (zonedDayStart(search.from, zone) ?? undefined) : undefined;
  const toDay = search.to && /^\d{4}-\d{2}-\d{2}$/.test(search.to) ? Date.parse(`${search.to}T00:00:00Z`) : NaN;
  const to = Number.isNaN(toDay) ? undefined : (zonedDayStart(new Date(toDay + DAY_MS).toISOString().slice(0, 10), zone) ?? undefined);
  const filter = {
    actorId: word(search.actor, /^[A-Za-z0-9_.:-]{1,100}$/),
    entityType: word(search.type, /^[A-Za-z]{1,60}$/),
    entityId: word(search.entity, /^[A-Za-z0-9_.:-]{1,100}$/),
    from,
    to: to && from && to <= from ? undefined : to,
  };
  const caller = await api();
  const [{ rows, total }, options] = await Promise.all([
    caller.policies.audit({ page, pageSize: PAGE_SIZE, ...filter }),
    caller.policies.auditFilters(filter.entityType && filter.entityId ? { entityType: filter.entityType, entityId: filter.entityId } : undefined),
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hrefWith = (next: Search) => {
    const q = new URLSearchParams(Object.entries({ ...search, ...next }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
    return `/admin/audit${q.size ? `?${q}` : ""}`;
  };
  return (
    <>
      <PageHeader title="Audit log" description="Who changed what, field by field, with the values before and after." />
      <AuditFilters
        actors={options.actors}
        systemActed={options.systemActed}
        entityTypes={options.entityTypes}
        entityName={options.entityName}
        zoneLabel={zone}
      />
      <div className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
        <table className="table-cards min-w-full text-sm">
          <caption className="sr-only">Audit entries, newest first</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                When
              </th>
              <th scope="col" className="px-3 py-2">
                Who
              </th>
              <th scope="col" className="px-3 py-2">
                Action
              </th>
              <th scope="col" className="px-3 py-2">
                What
              </th>
              <th scope="col" className="px-3 py-2">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-500">
                  No entries match these filters.
                </td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.id} data-testid="audit-row" className="align-top">
                <td className="px-3 py-2 whitespace-nowrap" data-label="When">
                  <Timestamp value={r.at} compact />
                </td>
                <td className="px-3 py-2" data-label="Who">
                  {r.actor?.name ?? "system"}
                </td>
                <td className="px-3 py-2 font-mono" data-label="Action">
                  {r.action}
                </td>
                <td className="px-3 py-2" data-label="What">
                  {r.entityType}{" "}
                  <Link
                    className="text-leaf-700 underline"
                    href={hrefWith({ type: r.entityType, entity: r.entityId, page: undefined })}
                    title="Only this one's entries"
                  >
                    {r.entityName}
                  </Link>
                </td>
                <td className="max-w-xl px-3 py-2" data-label="Change">
                  <AuditChanges changes={r.changes} />
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-leaf-700">before / after</summary>
                    <pre className="mt-1 max-w-xl overflow-x-auto whitespace-pre-wrap text-xs">
                      {JSON.stringify({ before: r.before, after: r.after }, null, 2)}
                    </pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex items-center justify-between border-t border-slate-100 px-3 py-2 text-sm text-slate-600">
          <span>
            {total} entries · page {page} of {pages}
          </span>
          <span className="flex gap-3">
            {page > 1 && (
              <Link className="text-leaf-700 underline" href={hrefWith({ page: String(page - 1) })}>
                Previous
              </Link>
            )}
            {page < pages && (
              <Link className="text-leaf-700 underline" href={hrefWith({ page: String(page + 1) })}>
                Next
              </Link>
            )}
          </span>
        </div>
      </div>
    </>
  );
}
