"use client";
// One job in the tenant's jobs table: status (with the reason), queue, resources, decision, when it
// ran, its energy and CO2e, and the copy and cancel actions.
import Link from "next/link";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Timestamp } from "@/components/time/timestamp";
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
      <td className="px-3 py-2" data-label="Name · submitted">
        <Link className="font-medium break-words text-leaf-700 underline" href={`/jobs/${job.id}`}>
          {job.name}
        </Link>
        <span className="block text-xs whitespace-nowrap text-slate-600">
          <Timestamp value={job.submittedAt} compact />
        </span>
      </td>
      <td className="px-3 py-2" data-label="Status">
        <StatusBadge status={job.status} />
        {job.statusReason && job.status !== "QUEUED" && <span className="mt-1 block max-w-48 text-xs text-slate-600">{job.statusReason}</span>}
      </td>
      <td className="px-3 py-2" data-label="Queue · start">
        <QueueCell job={job} nowMs={nowMs} />
      </td>
      <td className="px-3 py-2" data-label="Resources · duration">
        <JobResourcesCell job={job} />
        <span className="block text-xs text-slate-600">{formatDuration(job.estimatedDurationS)}</span>
      </td>
      <td className="max-w-48 px-3 py-2" data-label="Cluster · decision">
        <DecisionLink decision={job.decisions[0]} emptyText="not placed yet" jobStatus={job.status} />
      </td>
      <td className="px-3 py-2 text-xs whitespace-nowrap" data-label="Started · ended">
        <Timestamp value={job.startedAt} compact />
        <span className="block">
          <Timestamp value={job.finishedAt ?? job.cancelledAt} compact />
        </span>
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap" data-testid="job-energy" data-label="Energy · CO2e">
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
            <ConfirmButton
              onConfirm={onCancel}
              disabled={cancelling}
              aria-label={`Cancel ${job.name}`}
              title={`Cancel ${job.name}?`}
              body="The job leaves the queue and its reservation, if any, is released. Copy it later to submit it again."
              confirmLabel="Cancel the job"
            >
              Cancel
            </ConfirmButton>
          )}
        </div>
      </td>
    </tr>
  );
}
