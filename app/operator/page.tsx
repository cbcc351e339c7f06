import type { Metadata } from "next";
import { OverviewDashboard } from "@/components/overview/overview-dashboard";
import { NarrativePanel } from "@/components/narrative/narrative-panel";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  await requireRole("OPERATOR", "ADMIN");
  const overview = await (await api()).overview.get();
  return (
    <>
      <PageHeader title="Fleet overview" description="Allocation, fragmentation, queue, carbon and the scheduler's latest decisions, live." />
      <OverviewDashboard initial={overview} />
      <div className="mt-6">
        <NarrativePanel scope="fleet" />
      </div>
    </>
  );
}
