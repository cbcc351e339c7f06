// What the fleet jobs table asks `jobs.list` for, from the values its URL carries. Shared by the page,
// which renders the first answer on the server, and the table, which polls it: the table takes the
// server's rows only when it asks for exactly the same thing.

/** Job statuses an operator can filter by. */
export const STATUSES = ["QUEUED", "PLACED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED", "UNSCHEDULABLE", "EXPIRED"] as const;
/** One job status. */
export type Status = (typeof STATUSES)[number];

export type SortField = "submittedAt" | "priority" | "name" | "status" | "gpuCount";
export const SORT_FIELDS: readonly SortField[] = ["submittedAt", "priority", "name", "status", "gpuCount"];
export const PAGE_SIZE = 25;
/** What the URL carries: the five filters, the sort and the page ("" = no filter). */
export const URL_DEFAULTS = { tenantId: "", status: "", clusterId: "", gpuModel: "", search: "", sort: "submittedAt", direction: "desc", page: "1" } as const;
export type FleetJobsParams = Record<keyof typeof URL_DEFAULTS, string>;

/** A 1-based page number from the URL; anything else reads as page 1. */
const pageOf = (value: string): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** The URL's values read as the table reads them: an unknown status or sort field is no filter / the default sort. */
export function readFleetJobsParams(p: FleetJobsParams) {
  return {
    filters: {
      tenantId: p.tenantId,
      status: (STATUSES as readonly string[]).includes(p.status) ? (p.status as Status) : ("" as const),
      clusterId: p.clusterId,
      gpuModel: p.gpuModel,
      search: p.search,
    },
    sort: {
      field: (SORT_FIELDS as readonly string[]).includes(p.sort) ? (p.sort as SortField) : ("submittedAt" as const),
      direction: p.direction === "asc" ? ("asc" as const) : ("desc" as const),
    },
    page: pageOf(p.page),
  };
}

/** The `jobs.list` input for these filters, sort and page. */
export function fleetJobsInput(read: ReturnType<typeof readFleetJobsParams>) {
  const { filters, sort, page } = read;
  return {
    tenantId: filters.tenantId || undefined,
    statuses: filters.status ? [filters.status] : [],
    clusterId: filters.clusterId || undefined,
    gpuModel: filters.gpuModel || undefined,
    search: filters.search || undefined,
    sort,
    page,
    pageSize: PAGE_SIZE,
  };
}

/** The same input as a comparable key (undefined members dropped, as they are on the wire). */
export const inputKey = (input: ReturnType<typeof fleetJobsInput>) => JSON.stringify(input);
