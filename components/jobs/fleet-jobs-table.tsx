"use client";
// Every tenant's jobs for operators and admins: filter by tenant, status, cluster and GPU model, search, sort,
// page, all kept in the URL; eight columns fit a 1280 px screen and rows become cards on phones.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { LIVE_POLL_MS, LiveStatus } from "@/components/ui/live-status";
import { pageFrom, useUrlParams } from "@/components/ui/use-url-params";
import { FleetJobFilters, NO_FILTERS, STATUSES, type FleetJobFilterValues, type Status } from "./fleet-job-filters";
import { FleetJobRow } from "./fleet-job-row";
import { Pager } from "./pager";
import { nextSort, SortableHeader, type Sort } from "./sortable-header";

type SortField = "submittedAt" | "priority" | "name" | "status" | "gpuCount";
const PAGE_SIZE = 25;
const SORT_FIELDS: readonly SortField[] = ["submittedAt", "priority", "name", "status", "gpuCount"];
/** What the URL carries: the five filters, the sort and the page. */
const URL_DEFAULTS = { ...NO_FILTERS, sort: "submittedAt", direction: "desc", page: "1" } as const;

/** The filters that are set, as the CSV export's query string takes them. */
const setFilters = (f: FleetJobFilterValues) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "")) as Record<string, string>;

/** The fleet jobs table with its filters, CSV export link, live status and pager. */
export function FleetJobsTable() {
  const trpc = useTRPC();
  const [params, setParams] = useUrlParams(URL_DEFAULTS);
  // The search box keeps its own text while typing (the URL follows), so no keystroke is lost to a re-render.
  const [search, setSearch] = useState(params.search);
  const filters: FleetJobFilterValues = {
    tenantId: params.tenantId,
    status: (STATUSES as readonly string[]).includes(params.status) ? (params.status as Status) : "",
    clusterId: params.clusterId,
    gpuModel: params.gpuModel,
    search,
  };
  const sort: Sort<SortField> = {
    field: (SORT_FIELDS as readonly string[]).includes(params.sort) ? (params.sort as SortField) : "submittedAt",
    direction: params.direction === "asc" ? "asc" : "desc",
  };
  const page = pageFrom(params.page);
  const setPage = (p: number) => setParams({ page: String(p) });
  const jobs = useQuery({
    ...trpc.jobs.list.queryOptions({
      tenantId: filters.tenantId || undefined,
      statuses: filters.status ? [filters.status] : [],
      clusterId: filters.clusterId || undefined,
      gpuModel: filters.gpuModel || undefined,
      search: filters.search || undefined,
      sort,
      page,
      pageSize: PAGE_SIZE,
    }),
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
