"use client";
// One job in the fleet jobs table.
import Link from "next/link";
import { LocalTime } from "@/components/ui/local-time";
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
      <td className="px-3 py-2 font-medium">
        <Link className="text-leaf-700 underline" href={`/jobs/${job.id}`}>
          {job.name}
        </Link>
      </td>
      <td className="px-3 py-2">{job.tenant.name}</td>
      <td className="px-3 py-2">
        <StatusBadge status={job.status} />
      </td>
      <td className="px-3 py-2">
        <QueueCell job={job} nowMs={nowMs} />
      </td>
      <td className="px-3 py-2">
        <JobResourcesCell job={job} />
      </td>
      <td className="px-3 py-2">{job.priority}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDuration(job.estimatedDurationS)}</td>
      <td className="px-3 py-2">
        <DecisionLink decision={job.decisions[0]} emptyText="—" />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <LocalTime value={job.submittedAt} />
      </td>
    </tr>
  );
}
