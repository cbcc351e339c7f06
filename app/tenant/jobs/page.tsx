import type { Metadata } from "next";
import Link from "next/link";
import { MY_JOBS_PAGE_SIZE, myJobsPageOf } from "@/components/jobs/my-jobs-input";
import { MyJobsTable, type MyJobsInitial } from "@/components/jobs/my-jobs-table";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "My jobs" };

export default async function MyJobsPage({ searchParams }: { searchParams: Promise<{ submitted?: string; page?: string | string[] }> }) {
  const user = await requireRole("TENANT_MEMBER");
  const { submitted, page: pageParam } = await searchParams;
  // The first page of rows is rendered here, so the table shows with the page instead of after the
  // browser has loaded the scripts and asked for it; the table polls from then on.
  const page = myJobsPageOf(pageParam);
  const atMs = Date.now();
  const initial: MyJobsInitial | null = await (
    await api()
  ).jobs
    .mine({ page, pageSize: MY_JOBS_PAGE_SIZE })
    .then((data) => ({ page, data, atMs }))
    // A page the server refuses: the table asks itself and shows the error as it always has.
    .catch(() => null);
  return (
    <>
      <PageHeader
        title="My jobs"
        description={`Jobs of ${user.tenantName ?? "your tenant"}, newest first.`}
        actions={
          <Link href="/tenant/jobs/new" className="rounded-md bg-leaf-700 px-3 py-2 text-sm font-semibold text-white hover:bg-leaf-900">
            Submit a job
          </Link>
        }
      />
      {submitted && (
        <p role="status" className="mb-4 rounded-md bg-leaf-50 p-3 text-sm text-leaf-900 ring-1 ring-leaf-100">
          Your job was submitted and is queued for placement.
        </p>
      )}
      <MyJobsTable initial={initial} />
    </>
  );
}
