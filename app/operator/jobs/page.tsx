import type { Metadata } from "next";
import { FleetJobsTable } from "@/components/jobs/fleet-jobs-table";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Jobs" };

export default function FleetJobsPage() {
  return (
    <>
      <PageHeader title="Jobs" description="Every tenant's jobs across the fleet." />
      <FleetJobsTable />
    </>
  );
}
