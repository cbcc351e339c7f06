// Each queued job in queue order with why it waits and when it is expected to start (like `squeue --start`);
// on phones each row is a labelled card (`table-cards`), so nothing scrolls sideways.
import Link from "next/link";
import type { QueueView } from "@/server/services/queue-view-service";
import { Timestamp } from "@/components/time/timestamp";
import { PendingReasonText } from "./pending-reason-text";
import { PendingChainText } from "./pending-chain-text";

/** Queued jobs in the order the scheduler decides them. */
export function PendingJobsTable({ jobs, totalQueued, showTenant }: { jobs: QueueView["jobs"]; totalQueued: number; showTenant: boolean }) {
  if (jobs.length === 0) return null;
  return (
    <div className="relative rounded-lg bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-600">
          {jobs.length < totalQueued ? `The first ${jobs.length} of ${totalQueued} queued jobs` : `${totalQueued} queued jobs`}, in the order the scheduler
          decides them
        </caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Job
            </th>
            {showTenant && (
              <th scope="col" className="px-3 py-2">
                Tenant
              </th>
            )}
            <th scope="col" className="px-3 py-2">
              Class
            </th>
            <th scope="col" className="px-3 py-2">
              Submitted
            </th>
            <th scope="col" className="px-3 py-2">
              Why it waits
            </th>
            <th scope="col" className="px-3 py-2">
              Expected start
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {jobs.map((j) => (
            <tr key={j.id} data-testid="pending-job-row">
              <td className="px-3 py-2" data-label="Job">
                <Link className="text-leaf-700 underline" href={`/jobs/${j.id}`}>
                  {j.name}
                </Link>
              </td>
              {showTenant && (
                <td className="px-3 py-2" data-label="Tenant">
                  {j.tenantName}
                </td>
              )}
              <td className="px-3 py-2" data-label="Class">
                {j.priorityClass ?? "—"}
              </td>
              <td className="whitespace-nowrap px-3 py-2" data-label="Submitted">
                <Timestamp value={j.submittedAt} compact />
              </td>
              <td className="px-3 py-2" data-label="Why it waits">
                <PendingReasonText job={j} />
                <PendingChainText chain={j.chain} />
              </td>
              <td className="whitespace-nowrap px-3 py-2" data-label="Expected start">
                {j.expectedStartAt ? (
                  <Timestamp value={j.expectedStartAt} compact />
                ) : (
                  <span className="text-slate-500">
                    unknown
                    {j.expectedStartWhy && <span className="block max-w-56 whitespace-normal text-xs">{j.expectedStartWhy}</span>}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
