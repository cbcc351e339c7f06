import type { Metadata } from "next";
import Link from "next/link";
import { Timestamp } from "@/components/time/timestamp";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Audit log" };
const PAGE_SIZE = 50;

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  await requireRole("ADMIN");
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const { rows, total } = await (await api()).policies.audit({ page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <PageHeader title="Audit log" description="Who changed what, with the values before and after." />
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
                  {r.entityType} <span title={`id ${r.entityId}`}>{r.entityName}</span>
                </td>
                <td className="px-3 py-2" data-label="Change">
                  <details>
                    <summary className="cursor-pointer text-leaf-700">before / after</summary>
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
              <Link className="text-leaf-700 underline" href={`/admin/audit?page=${page - 1}`}>
                Previous
              </Link>
            )}
            {page < pages && (
              <Link className="text-leaf-700 underline" href={`/admin/audit?page=${page + 1}`}>
                Next
              </Link>
            )}
          </span>
        </div>
      </div>
    </>
  );
}
