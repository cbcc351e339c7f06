import type { Metadata } from "next";
import { ClusterDetail } from "@/components/clusters/cluster-detail";
import { PageHeader } from "@/components/ui/page-header";
import { api, orNotFound } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Cluster" };

export default async function ClusterPage({ params }: { params: Promise<{ id: string }> }) {
  await requireRole("OPERATOR", "ADMIN");
  const { id } = await params;
  const detail = await orNotFound((await api()).clusters.get({ id }));
  return (
    <>
      <PageHeader
        title={detail.cluster.name}
        description={`${detail.cluster.region} · ${detail.cluster.locationName} · ${detail.cluster.nodes.length} nodes`}
      />
      <ClusterDetail id={id} initial={detail} />
    </>
  );
}
