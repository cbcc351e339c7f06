import type { Metadata } from "next";
import { ClusterLinkManager } from "@/components/admin/cluster-link-manager";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Cluster links" };

/** Inter-cluster links (admins): the network a gang split across two clusters travels over. */
export default async function ClusterLinksPage() {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("ADMIN");
  const caller = await api();
  const [links, clusters] = await Promise.all([caller.clusterLinks.list(), caller.clusters.list()]);
  return (
    <>
      <PageHeader
        title="Cluster links"
        description="Links between clusters a large training gang may be split across when no single cluster can start it; the placement policy sets the fastest link, longest route and largest slowdown it accepts."
      />
      <ClusterLinkManager links={links} clusters={clusters.map((c) => ({ id: c.id, name: c.name }))} />
    </>
  );
}
