"use client";
// One job in the fleet jobs table.
import Link from "next/link";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDuration } from "@/components/ui/format";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { DecisionLink } from "./decision-link";
import { JobResourcesCell } from "./job-request-cells";
import { QueueCell } from "./queue-cell";

/** One row of `jobs.list`. */
export type FleetJob = RouterOutputs["jobs"]["list"]["rows"][number];

/** Name, tenant, status, queue, resources, priority, duration, cluster decision and submission time; `nowMs` dates the queue estimate. */
export function FleetJobRow({ job, nowMs }: { job: FleetJob; nowMs: number }) {
  return (
    <tr data-testid="fleet-job-row">
      <td className="px-3 py-2" data-label="Name">
        <Link className="font-medium break-words text-leaf-700 underline" href={`/jobs/${job.id}`}>
          {job.name}
        </Link>
      </td>
      <td className="px-3 py-2" data-label="Tenant">
        {job.tenant.name}
      </td>
      <td className="px-3 py-2" data-label="Status">
        <StatusBadge status={job.status} />
      </td>
      <td className="px-3 py-2" data-label="Queue · start">
        <QueueCell job={job} nowMs={nowMs} />
      </td>
      <td className="px-3 py-2" data-label="Resources · duration">
        <JobResourcesCell job={job} />
        <span className="block text-xs text-slate-600">{formatDuration(job.estimatedDurationS)}</span>
      </td>
      <td className="px-3 py-2 tabular-nums" data-label="Priority">
        {job.priority}
      </td>
      <td className="max-w-48 px-3 py-2" data-label="Cluster">
        <DecisionLink decision={job.decisions[0]} emptyText="—" jobStatus={job.status} />
      </td>
      <td className="px-3 py-2 text-xs whitespace-nowrap" data-label="Submitted">
        <Timestamp value={job.submittedAt} compact />
      </td>
    </tr>
  );
}
