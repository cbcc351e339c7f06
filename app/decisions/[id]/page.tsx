import type { Metadata } from "next";
import { AskBox } from "@/components/ask/ask-box";
import { DecisionReplay } from "@/components/decisions/decision-replay";
import { DecisionView } from "@/components/decisions/decision-view";
import { AppShell } from "@/components/layout/app-shell";
import { PageHeader } from "@/components/ui/page-header";
import { api, orNotFound } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Decision" };
export const dynamic = "force-dynamic";

/** One URL per placement decision, readable by operators, admins and the job's own tenant. */
export default async function DecisionPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireRole("ADMIN", "OPERATOR", "TENANT_MEMBER");
  const { id } = await params;
  const decision = await orNotFound((await api()).decisions.get({ id }));
  return (
    <AppShell user={user}>
      <PageHeader title={`Decision for ${decision.job.name}`} description={`${decision.job.tenantName} · job is ${decision.job.status.toLowerCase()}`} />
      <DecisionView decision={decision} />
      <div className="mt-6">
        <AskBox subject={{ kind: "decision", id: decision.id }} />
      </div>
      {user.role !== "TENANT_MEMBER" && (
        <div className="mt-6">
          <DecisionReplay decisionId={decision.id} />
        </div>
      )}
    </AppShell>
  );
}
