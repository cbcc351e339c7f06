import type { Metadata } from "next";
import { FleetJobsTable, type FleetJobsInitial } from "@/components/jobs/fleet-jobs-table";
import { fleetJobsInput, inputKey, readFleetJobsParams, URL_DEFAULTS, type FleetJobsParams } from "@/components/jobs/fleet-jobs-input";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Jobs" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The URL's table values, as the table reads them from the address bar. */
function paramsOf(search: SearchParams): FleetJobsParams {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return Object.fromEntries(Object.entries(URL_DEFAULTS).map(([k, d]) => [k, one(search[k]) ?? d])) as FleetJobsParams;
}

export default async function FleetJobsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireRole("OPERATOR", "ADMIN");
  // The first page of rows is rendered here, so the table shows with the page instead of after the
  // browser has loaded the scripts and asked for it; the table polls from then on.
  const input = fleetJobsInput(readFleetJobsParams(paramsOf(await searchParams)));
  const atMs = Date.now();
  const initial: FleetJobsInitial | null = await (
    await api()
  ).jobs
    .list(input)
    .then((data) => ({ key: inputKey(input), data, atMs }))
    // Input the server refuses (a search too long, say): the table asks itself and shows the error as it always has.
    .catch(() => null);
  return (
    <>
      <PageHeader title="Jobs" description="Every tenant's jobs across the fleet." />
      <FleetJobsTable initial={initial} />
    </>
  );
}
