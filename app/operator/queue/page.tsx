import type { Metadata } from "next";
import { PendingJobsTable } from "@/components/queue/pending-jobs-table";
import { QueueCounts } from "@/components/queue/queue-counts";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Queue" };

export default async function OperatorQueuePage() {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("OPERATOR", "ADMIN");
  const view = await (await api()).queue.view();
  return (
    <>
      <PageHeader
        title="Queue"
        description="Why each queued job waits (quota, capacity, cleaner power, a reservation, a back-off after a failure) and when it is expected to start, from its latest decision."
      />
      <div className="space-y-6">
        <QueueCounts view={view} />
        <PendingJobsTable jobs={view.jobs} totalQueued={view.totalQueued} showTenant />
      </div>
    </>
  );
}
