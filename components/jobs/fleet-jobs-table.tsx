"use client";
// Every tenant's jobs for operators and admins: filter by tenant, status, cluster and GPU model, search, sort, page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Field, Input, Select } from "@/components/ui/field";
import { formatDuration } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { DecisionLink } from "./decision-link";
import { JobResourcesCell } from "./job-request-cells";
import { Pager } from "./my-jobs-table";
import { QueueCell } from "./queue-cell";
import { LIVE_POLL_MS, LiveStatus } from "@/components/ui/live-status";

const STATUSES = ["QUEUED", "PLACED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED", "UNSCHEDULABLE", "EXPIRED"] as const;
type Status = (typeof STATUSES)[number];
type SortField = "submittedAt" | "priority" | "name" | "status" | "gpuCount";
const PAGE_SIZE = 25;

export function FleetJobsTable() {
  const trpc = useTRPC();
  const [tenantId, setTenantId] = useState("");
  const [status, setStatus] = useState<Status | "">("");
  const [clusterId, setClusterId] = useState("");
  const [gpuModel, setGpuModel] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<{ field: SortField; direction: "asc" | "desc" }>({ field: "submittedAt", direction: "desc" });
  const [page, setPage] = useState(1);
  const tenants = useQuery(trpc.catalog.tenants.queryOptions());
  const clusters = useQuery(trpc.catalog.clusters.queryOptions());
  const catalog = useQuery(trpc.catalog.formOptions.queryOptions());
  const filters = {
    ...(tenantId ? { tenantId } : {}),
    ...(status ? { status } : {}),
    ...(clusterId ? { clusterId } : {}),
    ...(gpuModel ? { gpuModel } : {}),
    ...(search ? { search } : {}),
  };
  const jobs = useQuery({
    ...trpc.jobs.list.queryOptions({
      tenantId: tenantId || undefined,
      statuses: status ? [status] : [],
      clusterId: clusterId || undefined,
      gpuModel: gpuModel || undefined,
      search: search || undefined,
      sort,
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_POLL_MS,
  });
  const sortBy = (field: SortField) => {
    setSort((s) => ({ field, direction: s.field === field && s.direction === "desc" ? "asc" : "desc" }));
    setPage(1);
  };
  const header = (field: SortField, label: string) => (
    <th scope="col" className="px-3 py-2" aria-sort={sort.field === field ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" onClick={() => sortBy(field)} className="uppercase hover:text-leaf-700">
        {label} {sort.field === field ? (sort.direction === "asc" ? "▲" : "▼") : ""}
      </button>
    </th>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Field id="filter-tenant" label="Tenant">
          <Select
            id="filter-tenant"
            value={tenantId}
            onChange={(e) => {
              setTenantId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All tenants</option>
            {tenants.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-status" label="Status">
          <Select
            id="filter-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status | "");
              setPage(1);
            }}
          >
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.toLowerCase()}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-cluster" label="Cluster">
          <Select
            id="filter-cluster"
            value={clusterId}
            onChange={(e) => {
              setClusterId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All clusters</option>
            {clusters.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-model" label="GPU model" hint="Jobs that allow it or hold one now">
          <Select
            id="filter-model"
            value={gpuModel}
            onChange={(e) => {
              setGpuModel(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Any model</option>
            {catalog.data?.gpuModels.map((g) => (
              <option key={g.id} value={g.id}>
                {g.displayName}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-search" label="Name contains">
          <Input
            id="filter-search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            placeholder="e.g. trace-01"
          />
        </Field>
      </div>
      <p>
        <a className="text-sm font-medium text-leaf-700 underline" href={`/api/jobs/export?${new URLSearchParams(filters).toString()}`} download>
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
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full text-sm">
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
                {header("gpuCount", "Resources")}
                {header("priority", "Priority")}
                <th scope="col" className="px-3 py-2">
                  Duration
                </th>
                <th scope="col" className="px-3 py-2">
                  Cluster
                </th>
                {header("submittedAt", "Submitted")}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {jobs.data.rows.map((job) => (
                <tr key={job.id} data-testid="fleet-job-row">
                  <td className="px-3 py-2 font-medium">{job.name}</td>
                  <td className="px-3 py-2">{job.tenant.name}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={job.status} />
                  </td>
                  <td className="px-3 py-2">
                    <QueueCell job={job} nowMs={jobs.dataUpdatedAt} />
                  </td>
                  <td className="px-3 py-2">
                    <JobResourcesCell job={job} />
                  </td>
                  <td className="px-3 py-2">{job.priority}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDuration(job.estimatedDurationS)}</td>
                  <td className="px-3 py-2">
                    <DecisionLink decision={job.decisions[0]} emptyText="—" />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <LocalTime value={job.submittedAt} />
                  </td>
                </tr>
              ))}
              {jobs.data.rows.length === 0 && (
                <tr>
                  <td colSpan={9} className="px-3 py-6 text-center text-slate-600">
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
