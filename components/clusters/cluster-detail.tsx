"use client";
// One cluster, live (polled every 2 s): allocation, fragmentation, the GPU heatmap and the jobs
// running there, and for a Kubernetes cluster its inventory imports and drift; allocation and power
// over time (polled once a minute).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { HistoryRange } from "@/server/services/sample-series";
import type { getCluster } from "@/server/services/cluster-service";
import { ClusterHistoryCharts } from "@/components/charts/cluster-history-charts";
import { RangeToggle } from "@/components/charts/range-toggle";
import { useTRPC } from "@/components/trpc/react";
import { HISTORY_POLL_MS, LIVE_POLL_MS, LiveStatus } from "@/components/ui/live-status";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";
import { NodeHealth } from "./node-health";
import { formatGpuRequest, formatPercent } from "@/components/ui/format";
import { ClusterInventory } from "./cluster-inventory";
import { GpuHeatmap } from "./gpu-heatmap";

type Detail = Awaited<ReturnType<typeof getCluster>>;

function ClusterHistory({ id }: { id: string }) {
  const trpc = useTRPC();
  const [range, setRange] = useState<HistoryRange>("24h");
  const history = useQuery({ ...trpc.clusters.history.queryOptions({ id, range }), refetchInterval: HISTORY_POLL_MS });
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="history-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-title" className="text-lg font-semibold">
          Allocation and power over time
        </h2>
        <RangeToggle value={range} onChange={setRange} label="History window" />
      </div>
      {history.error ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the history: {history.error.message}
        </p>
      ) : history.data ? (
        <ClusterHistoryCharts rows={history.data.rows} fromMs={history.data.fromMs} toMs={history.data.nowMs} />
      ) : (
        <p className="text-sm text-slate-600">Loading the history…</p>
      )}
    </section>
  );
}

export function ClusterDetail({ id, initial }: { id: string; initial?: Detail }) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.clusters.get.queryOptions({ id }), initialData: initial, refetchInterval: LIVE_POLL_MS });
  if (detail.isLoading) return <p className="text-slate-600">Loading the cluster…</p>;
  if (!detail.data)
    return (
      <p role="alert" className="text-red-700">
        Could not load the cluster: {detail.error?.message}
      </p>
    );
  const { cluster, decisions, gfr, inventory } = detail.data;
  const gpus = cluster.nodes.reduce((s, n) => s + n.gpus.length, 0);
  const allocated = cluster.nodes.reduce((s, n) => s + n.gpus.reduce((a, g) => a + g.allocatedMilli, 0), 0);
  const cpu = cluster.nodes.reduce((s, n) => s + n.cpuMilli, 0);
  const cpuAllocated = cluster.nodes.reduce((s, n) => s + n.allocatedCpuMilli, 0);
  return (
    <div className="flex flex-col gap-6">
      <LiveStatus updatedAt={detail.dataUpdatedAt} error={detail.error} />
      {cluster.connection?.unreachableSince && (
        <p role="status" className="rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200" data-testid="cluster-unreachable">
          <StatusBadge status="UNREACHABLE" /> Unreachable since <Timestamp value={cluster.connection.unreachableSince} />:{" "}
          {cluster.connection.unreachableReason ?? "no answer"}. No new jobs are placed here until the control loop reaches it again.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {[
          ["Grid zone", `${cluster.gridZoneId} (${cluster.gridZone.name})`],
          ["Tier · PUE", `${cluster.tier.toLowerCase()} · ${cluster.pue.toFixed(2)}`],
          ["GPU allocation", `${gpus ? ((allocated / (gpus * 1000)) * 100).toFixed(1) : "0"} % of ${gpus} GPUs`],
          ["CPU allocation", `${cpu ? ((cpuAllocated / cpu) * 100).toFixed(1) : "0"} % of ${(cpu / 1000).toLocaleString("en-US")} cores`],
          ["Fragmented nodes (GFR)", `${formatPercent(gfr.ratio)} · ${gfr.fragmentedNodes} of ${gfr.gpuNodes} GPU nodes can't host ${gfr.shapeGpus} GPUs`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="mt-1 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <ClusterHistory id={id} />
      {inventory && <ClusterInventory inventory={inventory} />}
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="heatmap-title">
        <h2 id="heatmap-title" className="mb-3 text-lg font-semibold">
          GPUs by rack and node
        </h2>
        <GpuHeatmap nodes={cluster.nodes} />
      </section>
      <NodeHealth nodes={cluster.nodes} />
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="jobs-title">
        <h2 id="jobs-title" className="mb-3 text-lg font-semibold">
          Jobs here ({decisions.length})
        </h2>
        {decisions.length === 0 ? (
          <p className="text-sm text-slate-600">No job holds resources on this cluster.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {decisions.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="cluster-job">
                <StatusBadge status={d.job.status} />
                <Link className="font-medium text-leaf-700 underline" href={`/decisions/${d.id}`}>
                  {d.job.name}
                </Link>
                <span className="text-slate-600">{d.job.tenant.name}</span>
                <span className="text-slate-600">
                  {formatGpuRequest(d.job.gpuCount, d.job.gpuMilli)}
                  {d.job.gangSize > 1 ? ` ×${d.job.gangSize}` : ""}
                </span>
                <span className="ml-auto text-slate-600">
                  started <Timestamp value={d.job.startedAt ?? d.startAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
