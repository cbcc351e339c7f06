import type { Metadata } from "next";
import { PendingJobsTable } from "@/components/queue/pending-jobs-table";
import { QueueCounts } from "@/components/queue/queue-counts";
import { QueueFilterBar, queueFilterOf } from "@/components/queue/queue-filter-bar";
import { PENDING_REASONS } from "@/server/services/pending-reason";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Queue" };

export default async function OperatorQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("OPERATOR", "ADMIN");
  const filter = queueFilterOf(await searchParams, PENDING_REASONS);
  const view = await (await api()).queue.view(filter);
  return (
    <>
      <PageHeader
        title="Queue"
        description="Why each queued job waits (quota, capacity, cleaner power, a reservation, a back-off after a failure) and when it is expected to start, from its latest decision."
      />
      <div className="space-y-6">
        <QueueCounts view={view} basePath="/operator/queue" />
        {view.totalQueued > 0 && <QueueFilterBar view={view} filter={filter} basePath="/operator/queue" showTenant={true} />}
        <PendingJobsTable jobs={view.jobs} totalQueued={view.matching} showTenant />
      </div>
    </>
  );
}
