"use client";
// Every tenant's jobs for operators and admins: filter by tenant, status, cluster and GPU model, search, sort,
// page, all kept in the URL; eight columns fit a 1280 px screen and rows become cards on phones.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { LIVE_POLL_MS, LiveStatus } from "@/components/ui/live-status";
import { useUrlParams } from "@/components/ui/use-url-params";
import { FleetJobFilters, type FleetJobFilterValues } from "./fleet-job-filters";
import { FleetJobRow, type FleetJob } from "./fleet-job-row";
import { fleetJobsInput, inputKey, PAGE_SIZE, readFleetJobsParams, URL_DEFAULTS, type SortField } from "./fleet-jobs-input";
import { Pager } from "./pager";
import { nextSort, SortableHeader, type Sort } from "./sortable-header";

/** The page's first answer, rendered on the server: the input it answers, the rows and when they were read. */
export interface FleetJobsInitial {
  key: string;
  data: { rows: FleetJob[]; total: number };
  atMs: number;
}

/** The filters that are set, as the CSV export's query string takes them. */
const setFilters = (f: FleetJobFilterValues) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "")) as Record<string, string>;

/**
 * The fleet jobs table with its filters, CSV export link, live status and pager; `initial` (the
 * server's answer for the URL the page was opened with) is shown at once instead of a loading line.
 */
export function FleetJobsTable({ initial = null }: { initial?: FleetJobsInitial | null }) {
  const trpc = useTRPC();
  const [params, setParams] = useUrlParams(URL_DEFAULTS);
  // The search box keeps its own text while typing (the URL follows), so no keystroke is lost to a re-render.
  const [search, setSearch] = useState(params.search);
  const read = readFleetJobsParams({ ...params, search });
  const filters: FleetJobFilterValues = read.filters;
  const sort: Sort<SortField> = read.sort;
  const page = read.page;
  const setPage = (p: number) => setParams({ page: String(p) });
  const input = fleetJobsInput(read);
  // The server's rows seed the first query only: once the table has asked for something else they
  // are never shown again (coming back to the first filters later must not show rows from page load).
  const key = inputKey(input);
  const [initialKey, setInitialKey] = useState(initial?.key ?? null);
  if (initialKey !== null && initialKey !== key) setInitialKey(null);
  const fromServer = initial && initialKey === key ? initial : null;
  const jobs = useQuery({
    ...trpc.jobs.list.queryOptions(input),
    initialData: fromServer?.data,
    initialDataUpdatedAt: fromServer?.atMs,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_POLL_MS,
  });
  // Any change of filter or sort starts again at the first page.
  const onFilter = (next: Partial<FleetJobFilterValues>) => {
    if (next.search !== undefined) setSearch(next.search);
    setParams({ ...next, page: "1" });
  };
  const onSort = (field: SortField) => {
    const s = nextSort(sort, field);
    setParams({ sort: s.field, direction: s.direction, page: "1" });
  };
  const header = (field: SortField, label: string) => <SortableHeader field={field} label={label} sort={sort} onSort={onSort} />;

  return (
    <div className="flex flex-col gap-4">
      <FleetJobFilters value={filters} onChange={onFilter} />
      <p>
        <a className="text-sm font-medium text-leaf-700 underline" href={`/api/jobs/export?${new URLSearchParams(setFilters(filters)).toString()}`} download>
          Export these jobs as CSV
        </a>
      </p>
      {jobs.data && <LiveStatus updatedAt={jobs.dataUpdatedAt} error={jobs.error} />}
      {jobs.error && !jobs.data && (
        <p role="alert" className="text-red-700">
          Could not load jobs: {messageOf(jobs.error)}
        </p>
      )}
      {jobs.isLoading && <p className="text-slate-600">Loading jobs…</p>}
      {jobs.data && (
        <div className="relative rounded-lg bg-white shadow-sm ring-1 ring-slate-200 sm:overflow-x-auto">
          <table className="table-cards min-w-full text-sm">
            <caption className="sr-only">Jobs across all tenants</caption>
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
              <tr>
                {header("name", "Name")}
                <th scope="col" className="px-3 py-2">
                  Tenant
                </th>
                {header("status", "Status")}
                <th scope="col" className="px-3 py-2">
                  Queue · start
                </th>
                {header("gpuCount", "Resources · duration")}
                {header("priority", "Priority")}
                <th scope="col" className="px-3 py-2">
                  Cluster
                </th>
                {header("submittedAt", "Submitted")}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {jobs.data.rows.map((job) => (
                <FleetJobRow key={job.id} job={job} nowMs={jobs.dataUpdatedAt} />
              ))}
              {jobs.data.rows.length === 0 && (
                <tr>
                  <td colSpan={8} className="px-3 py-6 text-center text-slate-600">
                    No jobs match these filters.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <Pager page={page} pages={Math.max(1, Math.ceil(jobs.data.total / PAGE_SIZE))} total={jobs.data.total} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
