// One job's pending reason in words: the reservation it holds, or the job it waits behind.
import Link from "next/link";
import type { QueueJob } from "@/server/services/queue-view-service";
import { Timestamp } from "@/components/time/timestamp";

/** "Holds a reservation on n1, n2 from …", "Reserved for job X", or the reason's label. */
export function PendingReasonText({ job }: { job: Pick<QueueJob, "reason" | "reasonLabel" | "reservedFor" | "reservation" | "expectedStartAt"> }) {
  if (job.reason === "holds-reservation" && job.reservation)
    return (
      <span>
        Holds a reservation ({job.reservation.mode}) on {job.reservation.nodes.join(", ")} from <Timestamp value={job.reservation.startAt} />
      </span>
    );
  if (job.reason === "reserved-for-other" && job.reservedFor)
    return (
      <span>
        Reserved for{" "}
        {job.reservedFor.id ? (
          <Link className="text-leaf-700 underline" href={`/jobs/${job.reservedFor.id}`}>
            {job.reservedFor.name}
          </Link>
        ) : (
          job.reservedFor.name
        )}
      </span>
    );
  if (job.reason === "backing-off" && job.expectedStartAt)
    return (
      <span>
        {job.reasonLabel}: retried after <Timestamp value={job.expectedStartAt} />
      </span>
    );
  return <span>{job.reasonLabel}</span>;
}
