import type { Metadata } from "next";
import { ClusterTable } from "@/components/clusters/cluster-table";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";

export const metadata: Metadata = { title: "Clusters" };

export default async function OperatorClustersPage() {
  const clusters = await (await api()).clusters.list();
  return (
    <>
      <PageHeader title="Clusters" description="Inventory, grid zone and allocation of every cluster." />
      <ClusterTable clusters={clusters} />
    </>
  );
}
