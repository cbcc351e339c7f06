// One job's page: request and timeline, why it waits, the reservation it holds, and its latest decision.
import Link from "next/link";
import type { JobDetail } from "@/server/services/job-detail-service";
import { Timestamp } from "@/components/time/timestamp";
import { JobDetailReservation } from "./job-detail-reservation";

const hours = (s: number) => `${(s / 3600).toFixed(s < 36_000 ? 2 : 1)} h`;

/** The job's facts, then the pending reason, reservation and decision sections that apply. */
export function JobDetailView({ job }: { job: JobDetail }) {
  const d = job.latestDecision;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 md:grid-cols-4">
        <div>
          <dt className="text-slate-600">Request</dt>
          <dd>
            {job.gangSize > 1 ? `${job.gangSize} × ` : ""}
            {job.gpuCount} GPU · {job.kind.toLowerCase()} · {hours(job.estimatedDurationS)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Submitted</dt>
          <dd>
            <Timestamp value={job.submittedAt} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Placed</dt>
          <dd>
            <Timestamp value={job.placedAt} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Started / finished</dt>
          <dd>
            <Timestamp value={job.startedAt} /> / <Timestamp value={job.finishedAt} />
          </dd>
        </div>
      </dl>
      {job.statusReason && <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">{job.statusReason}</p>}
      {job.pending && (
        <section aria-labelledby="pending-title" className="space-y-1">
          <h2 id="pending-title" className="text-lg font-semibold">
            Why it waits
          </h2>
          <p className="text-sm">
            {job.pending.reasonLabel}
            {job.pending.reservedFor && (
              <>
                {": "}
                {job.pending.reservedFor.id ? (
                  <Link className="text-leaf-700 underline" href={`/jobs/${job.pending.reservedFor.id}`}>
                    {job.pending.reservedFor.name}
                  </Link>
                ) : (
                  job.pending.reservedFor.name
                )}{" "}
                holds the nodes it waits for first
              </>
            )}
            . Expected start: {job.pending.expectedStartAt ? <Timestamp value={job.pending.expectedStartAt} /> : "unknown"}.
          </p>
        </section>
      )}
      {job.reservation && <JobDetailReservation reservation={job.reservation} />}
      {d && (
        <section aria-labelledby="decision-title" className="space-y-2">
          <h2 id="decision-title" className="text-lg font-semibold">
            Latest decision
          </h2>
          <p className="text-sm text-slate-600">
            {d.outcome.toLowerCase()} · <Timestamp value={d.createdAt} />
            {d.backfilled && " · backfilled"} ·{" "}
            <Link className="text-leaf-700 underline" href={`/decisions/${d.id}`}>
              full explanation
            </Link>
          </p>
          {d.backfill && (
            <p className="rounded-md bg-leaf-50 p-3 text-sm text-leaf-900 ring-1 ring-leaf-100">
              Started ahead of{" "}
              {d.backfill.ahead.map((a, i) => (
                <span key={a.id}>
                  {i > 0 && "; "}
                  {a.name ? (
                    <Link className="underline" href={`/jobs/${a.id}`}>
                      {a.name}
                    </Link>
                  ) : (
                    "another tenant's job"
                  )}
                  , which holds {a.nodes.join(", ")} on {a.clusterName} from <Timestamp value={a.startAt} />
                  {a.sharesNodes ? "" : " (this job uses other nodes)"}
                </span>
              ))}
              ; this job ends by <Timestamp value={d.backfill.endAt} />, so it delays no reservation.
            </p>
          )}
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {d.text.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
