import type { Metadata } from "next";
import Link from "next/link";
import { ClusterTable } from "@/components/clusters/cluster-table";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Clusters" };

export default async function AdminClustersPage() {
  // Layouts and pages render in parallel, so each page checks the role itself before fetching.
  await requireRole("ADMIN");
  const clusters = await (await api()).clusters.list();
  return (
    <>
      <PageHeader
        title="Clusters"
        description="The fleet you administer: clusters, their grid zones and inventory."
        actions={
          <>
            <Link href="/admin/clusters/links" className="rounded-md px-3 py-2 text-sm font-semibold text-leaf-800 ring-1 ring-leaf-700 hover:bg-leaf-50">
              Links
            </Link>
            <Link href="/admin/clusters/new" className="rounded-md bg-leaf-700 px-3 py-2 text-sm font-semibold text-white hover:bg-leaf-900">
              New cluster
            </Link>
          </>
        }
      />
      <ClusterTable clusters={clusters} editHref={(id) => `/admin/clusters/${id}`} />
    </>
  );
}
