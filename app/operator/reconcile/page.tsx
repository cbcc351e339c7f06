import type { Metadata } from "next";
import { DriftCounts } from "@/components/reconcile/drift-counts";
import { DriftTable } from "@/components/reconcile/drift-table";
import { UnhealthyNodes } from "@/components/reconcile/unhealthy-nodes";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Reconciliation" };

export default async function OperatorReconcilePage() {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("OPERATOR", "ADMIN");
  const overview = await (await api()).reconcile.overview();
  return (
    <>
      <PageHeader
        title="Reconciliation"
        description="Where the clusters and the database disagreed (jobs lost, unknown or finished behind Verdant's back, nodes lost) and what the control loop did about it."
      />
      <div className="space-y-6">
        <DriftCounts byKind={overview.byKind} />
        <section aria-labelledby="nodes-title" className="space-y-2">
          <h2 id="nodes-title" className="text-lg font-semibold">
            Nodes not ready
          </h2>
          <UnhealthyNodes nodes={overview.unhealthyNodes} />
        </section>
        <section aria-labelledby="drifts-title" className="space-y-2">
          <h2 id="drifts-title" className="text-lg font-semibold">
            Recent drifts
          </h2>
          <DriftTable drifts={overview.drifts} />
        </section>
      </div>
    </>
  );
}
