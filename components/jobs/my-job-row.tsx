"use client";
// One job in the tenant's jobs table: status (with the reason), queue, resources, decision, when it
// ran, its energy and CO2e, and the copy and cancel actions.
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDuration } from "@/components/ui/format";
import { InfoTip } from "@/components/ui/info-tip";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { DecisionLink } from "./decision-link";
import { jobEnergyView } from "./job-energy";
import { JobResourcesCell } from "./job-request-cells";
import { QueueCell } from "./queue-cell";

/** One row of `jobs.mine`. */
export type MyJob = RouterOutputs["jobs"]["mine"]["rows"][number];

/** The row; `nowMs` dates the queue estimate; queued and placed jobs get a cancel button. */
export function MyJobRow({ job, nowMs, onCancel, cancelling }: { job: MyJob; nowMs: number; onCancel: () => void; cancelling: boolean }) {
  const energy = jobEnergyView(job);
  return (
    <tr data-testid="job-row">
      <td className="px-3 py-2 font-medium">
        <Link className="text-leaf-700 underline" href={`/jobs/${job.id}`}>
          {job.name}
        </Link>
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={job.status} />
        {job.statusReason && job.status !== "QUEUED" && <span className="mt-1 block max-w-56 text-xs text-slate-600">{job.statusReason}</span>}
      </td>
      <td className="px-3 py-2">
        <QueueCell job={job} nowMs={nowMs} />
      </td>
      <td className="px-3 py-2">
        <JobResourcesCell job={job} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDuration(job.estimatedDurationS)}</td>
      <td className="px-3 py-2">
        <DecisionLink decision={job.decisions[0]} emptyText="not placed yet" />
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-xs">
        <LocalTime value={job.startedAt} />
        <span className="block">
          <LocalTime value={job.finishedAt ?? job.cancelledAt} />
        </span>
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap" data-testid="job-energy">
        {energy.basis ? (
          <InfoTip tip={energy.note}>
            <span>
              {energy.energy}
              {energy.basis === "estimated" ? " (est.)" : ""}
            </span>
          </InfoTip>
        ) : (
          <span className="text-slate-500">{energy.energy}</span>
        )}
        <span className="block text-xs text-slate-600">{energy.emissions}</span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <LocalTime value={job.submittedAt} />
      </td>
      <td className="px-3 py-2 text-right">
        <div className="flex justify-end gap-2">
          <Link
            href={`/tenant/jobs/new?copy=${encodeURIComponent(job.id)}`}
            className="rounded-md px-3 py-2 text-sm font-semibold text-leaf-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100"
            aria-label={`Resubmit ${job.name} as a copy`}
          >
            Copy
          </Link>
          {(job.status === "QUEUED" || job.status === "PLACED") && (
            <Button variant="danger" onClick={onCancel} disabled={cancelling} aria-label={`Cancel ${job.name}`}>
              Cancel
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
