import type { Metadata } from "next";
import { AskBox } from "@/components/ask/ask-box";
import { JobDetailView } from "@/components/jobs/job-detail";
import { JobEnergyChart } from "@/components/jobs/job-energy-chart";
import { JobHeldResources, JobTimelineList } from "@/components/jobs/job-timeline";
import { AppShell } from "@/components/layout/app-shell";
import { PageHeader } from "@/components/ui/page-header";
import { api, orNotFound } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Job" };
export const dynamic = "force-dynamic";

/** One job: operators and admins see any, a tenant member only its tenant's (others are not found). */
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireRole("ADMIN", "OPERATOR", "TENANT_MEMBER");
  const { id } = await params;
  const caller = await api();
  const [job, timeline] = await Promise.all([orNotFound(caller.queue.job({ id })), orNotFound(caller.queue.timeline({ id }))]);
  return (
    <AppShell user={user}>
      <PageHeader title={job.name} description={`${job.tenantName} · ${job.status.toLowerCase()}${job.priorityClass ? ` · class ${job.priorityClass}` : ""}`} />
      <div className="space-y-6">
        <JobDetailView job={job} />
        <AskBox subject={{ kind: "job", id: job.id }} />
        <JobHeldResources held={timeline.held} />
        <JobTimelineList entries={timeline.entries} />
        <JobEnergyChart energy={timeline.energy} totals={timeline.totals} />
      </div>
    </AppShell>
  );
}
