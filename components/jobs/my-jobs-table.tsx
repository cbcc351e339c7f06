"use client";
// A tenant's own jobs, live (polled every 2 s): status, queue position, where and when it ran, its
// energy and CO2e, its decision; queued jobs can be cancelled and any job resubmitted as a copy.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDuration } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { InfoTip } from "@/components/ui/info-tip";
import { LIVE_POLL_MS, LiveStatus } from "@/components/ui/live-status";
import { DecisionLink } from "./decision-link";
import { jobEnergyView } from "./job-energy";
import { JobResourcesCell } from "./job-request-cells";
import { QueueCell } from "./queue-cell";

const PAGE_SIZE = 25;

export function MyJobsTable() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const jobs = useQuery({ ...trpc.jobs.mine.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData, refetchInterval: LIVE_POLL_MS });
  const cancel = useMutation(trpc.jobs.cancel.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.jobs.mine.queryKey() }) }));

  if (jobs.isLoading) return <p className="text-slate-600">Loading your jobs…</p>;
  if (!jobs.data)
    return (
      <p role="alert" className="text-red-700">
        Could not load your jobs: {messageOf(jobs.error)}
      </p>
    );
  const { rows, total } = jobs.data!;
  if (total === 0)
    return <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">You have no jobs yet. Submit one to see where and when it runs.</p>;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="flex flex-col gap-2">
      <LiveStatus updatedAt={jobs.dataUpdatedAt} error={jobs.error} />
      {/* relative: the header's sr-only label is absolutely positioned and must not widen the page. */}
      <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {cancel.error && (
          <p role="alert" className="bg-red-50 p-2 text-sm text-red-800">
            {messageOf(cancel.error)}
          </p>
        )}
        <table className="min-w-full text-sm">
          <caption className="sr-only">Your tenant&apos;s jobs</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Queue · start
              </th>
              <th scope="col" className="px-3 py-2">
                Resources
              </th>
              <th scope="col" className="px-3 py-2">
                Duration
              </th>
              <th scope="col" className="px-3 py-2">
                Cluster · decision
              </th>
              <th scope="col" className="px-3 py-2">
                Started · ended
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Energy · CO2e
              </th>
              <th scope="col" className="px-3 py-2">
                Submitted
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((job) => {
              const energy = jobEnergyView(job);
              return (
                <tr key={job.id} data-testid="job-row">
                  <td className="px-3 py-2 font-medium">{job.name}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={job.status} />
                    {job.statusReason && job.status !== "QUEUED" && <span className="mt-1 block max-w-56 text-xs text-slate-600">{job.statusReason}</span>}
                  </td>
                  <td className="px-3 py-2">
                    <QueueCell job={job} nowMs={jobs.dataUpdatedAt} />
                  </td>
                  <td className="px-3 py-2">
                    <JobResourcesCell job={job} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDuration(job.estimatedDurationS)}</td>
                  <td className="px-3 py-2">
                    <DecisionLink decision={job.decisions[0]} emptyText="not placed yet" />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-xs">
                    <LocalTime value={job.startedAt} />
                    <span className="block">
                      <LocalTime value={job.finishedAt ?? job.cancelledAt} />
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap" data-testid="job-energy">
                    {energy.basis ? (
                      <InfoTip tip={energy.note}>
                        <span>
                          {energy.energy}
                          {energy.basis === "estimated" ? " (est.)" : ""}
                        </span>
                      </InfoTip>
                    ) : (
                      <span className="text-slate-500">{energy.energy}</span>
                    )}
                    <span className="block text-xs text-slate-600">{energy.emissions}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalTime value={job.submittedAt} />
                  </td>
                  <td className="px-3 py-2 text-right">
                    <div className="flex justify-end gap-2">
                      <Link
                        href={`/tenant/jobs/new?copy=${encodeURIComponent(job.id)}`}
                        className="rounded-md px-3 py-2 text-sm font-semibold text-leaf-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100"
                        aria-label={`Resubmit ${job.name} as a copy`}
                      >
                        Copy
                      </Link>
                      {(job.status === "QUEUED" || job.status === "PLACED") && (
                        <Button variant="danger" onClick={() => cancel.mutate({ id: job.id })} disabled={cancel.isPending} aria-label={`Cancel ${job.name}`}>
                          Cancel
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Pager page={page} pages={pages} total={total} onPage={setPage} />
      </div>
    </div>
  );
}

/** Previous/next pagination with the position in words. */
export function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  return (
    <div className="flex items-center justify-between border-t border-slate-100 px-3 py-2 text-sm text-slate-600">
      <span>
        {total.toLocaleString("en-US")} jobs · page {page} of {pages}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next
        </Button>
      </div>
    </div>
  );
}
