import type { Metadata } from "next";
import { ClusterTable } from "@/components/clusters/cluster-table";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";

export const metadata: Metadata = { title: "Clusters" };

export default async function AdminClustersPage() {
  const clusters = await (await api()).clusters.list();
  return (
    <>
      <PageHeader title="Clusters" description="The fleet you administer: clusters, their grid zones and inventory." />
      <ClusterTable clusters={clusters} />
    </>
  );
}
