import type { Metadata } from "next";
import { PendingJobsTable } from "@/components/queue/pending-jobs-table";
import { QueueCounts } from "@/components/queue/queue-counts";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Queue" };

export default async function TenantQueuePage() {
  const user = await requireRole("TENANT_MEMBER");
  const view = await (await api()).queue.mine();
  return (
    <>
      <PageHeader title="Queue" description={`Why each queued job of ${user.tenantName ?? "your tenant"} waits and when it is expected to start.`} />
      <div className="space-y-6">
        <QueueCounts view={view} />
        <PendingJobsTable jobs={view.jobs} totalQueued={view.totalQueued} showTenant={false} />
      </div>
    </>
  );
}
