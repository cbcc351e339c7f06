import type { Metadata } from "next";
import { PendingJobsTable } from "@/components/queue/pending-jobs-table";
import { QueueCounts } from "@/components/queue/queue-counts";
import { QueueFilterBar, queueFilterOf } from "@/components/queue/queue-filter-bar";
import { PENDING_REASONS } from "@/server/services/pending-reason";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Queue" };

export default async function TenantQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireRole("TENANT_MEMBER");
  const filter = queueFilterOf(await searchParams, PENDING_REASONS);
  const view = await (await api()).queue.mine(filter);
  return (
    <>
      <PageHeader title="Queue" description={`Why each queued job of ${user.tenantName ?? "your tenant"} waits and when it is expected to start.`} />
      <div className="space-y-6">
        <QueueCounts view={view} basePath="/tenant/queue" />
        {view.totalQueued > 0 && <QueueFilterBar view={view} filter={filter} basePath="/tenant/queue" showTenant={false} />}
        <PendingJobsTable jobs={view.jobs} totalQueued={view.matching} showTenant={false} />
      </div>
    </>
  );
}
