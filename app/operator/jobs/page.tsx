import type { Metadata } from "next";
import { FleetJobsTable } from "@/components/jobs/fleet-jobs-table";
import { PageHeader } from "@/components/ui/page-header";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Jobs" };

export default async function FleetJobsPage() {
  await requireRole("OPERATOR", "ADMIN");
  return (
    <>
      <PageHeader title="Jobs" description="Every tenant's jobs across the fleet." />
      <FleetJobsTable />
    </>
  );
}
