import type { Metadata } from "next";
import Link from "next/link";
import { ClusterForm } from "@/components/admin/cluster-form";
import { ClusterRetire } from "@/components/admin/cluster-retire";
import { NodeImport } from "@/components/admin/node-import";
import { formatCount } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { api, orNotFound } from "@/server/api/server-caller";
import { requireRole } from "@/server/auth/page-guard";

export const metadata: Metadata = { title: "Edit cluster" };

export default async function EditClusterPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> }) {
  await requireRole("ADMIN");
  const { id } = await params;
  const caller = await api();
  const [cluster, { zones }] = await Promise.all([orNotFound(caller.clusterAdmin.get({ id })), caller.clusterAdmin.formOptions()]);
  const { connection, retireImpact, nodes, ...values } = cluster;
  return (
    <>
      <PageHeader
        title={cluster.name}
        description={`${cluster.region} · ${cluster.locationName} · grid zone ${cluster.gridZoneId}`}
        actions={
          <Link className="text-sm text-leaf-700 underline" href={`/operator/clusters/${cluster.id}`}>
            Allocation heatmap
          </Link>
        }
      />
      {(await searchParams).created && (
        <p role="status" className="mb-4 rounded-md bg-leaf-50 p-3 text-sm text-leaf-900">
          {connection.driver === "KUBERNETES"
            ? `Cluster created; ${formatCount(nodes)} nodes imported from its node list (refreshed periodically).`
            : "Cluster created. Import its nodes below."}
        </p>
      )}
      <p className="mb-4 flex items-center gap-2 text-sm text-slate-700" data-testid="cluster-facts">
        <StatusBadge status={cluster.status} />{" "}
        <span>
          <strong>{formatCount(nodes)}</strong> nodes
        </span>{" "}
        · <span>driver {connection.driver.toLowerCase()}</span>
        {connection.lastError && <span className="text-red-700">· last error: {connection.lastError}</span>}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <ClusterForm
          key={`${cluster.status}-${cluster.name}`}
          zones={zones}
          existing={{
            id: cluster.id,
            values: { ...values, driver: connection.driver, namespacePrefix: connection.namespacePrefix },
            kubeconfigSet: connection.kubeconfigSet,
          }}
        />
        <div className="flex flex-col gap-6">
          {/* A Kubernetes cluster's nodes come from the cluster itself (the server refuses a file for it). */}
          {connection.driver === "SIMULATED" && <NodeImport clusterId={cluster.id} clusterName={cluster.name} />}
          <ClusterRetire id={cluster.id} name={cluster.name} status={cluster.status} impact={retireImpact} />
        </div>
      </div>
    </>
  );
}
