import type { Metadata } from "next";
import { ClusterForm } from "@/components/admin/cluster-form";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "New cluster" };

export default async function NewClusterPage() {
  await requireRole("ADMIN");
  const { zones } = await (await api()).clusterAdmin.formOptions();
  return (
    <>
      <PageHeader title="New cluster" description="Add a cluster to the fleet; import its nodes once it exists." />
      <ClusterForm zones={zones} />
    </>
  );
}
