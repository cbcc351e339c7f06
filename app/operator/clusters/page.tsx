import type { Metadata } from "next";
import { ClusterTable } from "@/components/clusters/cluster-table";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Clusters" };

export default async function OperatorClustersPage() {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("OPERATOR", "ADMIN");
  const clusters = await (await api()).clusters.list();
  return (
    <>
      <PageHeader title="Clusters" description="Inventory, grid zone and allocation of every cluster." />
      <ClusterTable clusters={clusters} />
    </>
  );
}
