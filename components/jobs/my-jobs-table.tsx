"use client";
// A tenant's own jobs, live (polled every 2 s): status, queue position, where and when it ran, its
// energy and CO2e, its decision; queued jobs can be cancelled and any job resubmitted as a copy.
// Eight columns fit a 1280 px screen; on phones each row is a card. The page number is in the URL.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { LIVE_POLL_MS, LiveStatus } from "@/components/ui/live-status";
import { pageFrom, useUrlParams } from "@/components/ui/use-url-params";
import { MY_JOBS_PAGE_SIZE } from "./my-jobs-input";
import { MyJobRow } from "./my-job-row";
import { Pager } from "./pager";

const PAGE_SIZE = MY_JOBS_PAGE_SIZE;
const URL_DEFAULTS = { page: "1" } as const;

/** The page's first answer, rendered on the server: the page number it answers, the rows and when they were read. */
export interface MyJobsInitial {
  page: number;
  data: RouterOutputs["jobs"]["mine"];
  atMs: number;
}

/** The tenant's jobs, newest first, polled live and paged; `initial` is shown at once instead of a loading line. */
export function MyJobsTable({ initial = null }: { initial?: MyJobsInitial | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams(URL_DEFAULTS);
  const page = pageFrom(params.page);
  const setPage = (p: number) => setParams({ page: String(p) });
  // The server's rows seed the first query only (never shown again once another page was asked for).
  const [initialPage, setInitialPage] = useState(initial?.page ?? null);
  if (initialPage !== null && initialPage !== page) setInitialPage(null);
  const fromServer = initial && initialPage === page ? initial : null;
  const jobs = useQuery({
    ...trpc.jobs.mine.queryOptions({ page, pageSize: PAGE_SIZE }),
    initialData: fromServer?.data,
    initialDataUpdatedAt: fromServer?.atMs,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_POLL_MS,
  });
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
      <div className="relative rounded-lg bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
        {cancel.error && (
          <p role="alert" className="bg-red-50 p-2 text-sm text-red-800">
            {messageOf(cancel.error)}
          </p>
        )}
        <table className="table-cards min-w-full text-sm">
          <caption className="sr-only">Your tenant&apos;s jobs</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Name · submitted
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Queue · start
              </th>
              <th scope="col" className="px-3 py-2">
                Resources · duration
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
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((job) => (
              <MyJobRow key={job.id} job={job} nowMs={jobs.dataUpdatedAt} onCancel={() => cancel.mutate({ id: job.id })} cancelling={cancel.isPending} />
            ))}
          </tbody>
        </table>
        <Pager page={page} pages={pages} total={total} onPage={setPage} />
      </div>
    </div>
  );
}
