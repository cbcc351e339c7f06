import type { Metadata } from "next";
import Link from "next/link";
import { MyJobsTable } from "@/components/jobs/my-jobs-table";
import { PageHeader } from "@/components/ui/page-header";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "My jobs" };

export default async function MyJobsPage({ searchParams }: { searchParams: Promise<{ submitted?: string }> }) {
  const user = await requireRole("TENANT_MEMBER");
  const { submitted } = await searchParams;
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
      <MyJobsTable />
    </>
  );
}
