// The reservation a waiting job holds: cluster, nodes, window, and the running jobs whose predicted ends free them.
import Link from "next/link";
import type { JobDetail } from "@/server/services/job-detail-service";
import { Timestamp } from "@/components/time/timestamp";

/** "Holds n1, n2 on Frankfurt from 14:00 to 15:00 (easy backfill), freed when …". */
export function JobDetailReservation({ reservation: r }: { reservation: NonNullable<JobDetail["reservation"]> }) {
  return (
    <section aria-labelledby="reservation-title" className="space-y-2">
      <h2 id="reservation-title" className="text-lg font-semibold">
        Reservation
      </h2>
      <p className="text-sm">
        Holds {r.nodes.join(", ")} on {r.clusterName} from <Timestamp value={r.startAt} /> to <Timestamp value={r.endAt} /> ({r.mode} backfill): jobs behind it
        start there only if they end before it or use other nodes.
      </p>
      {r.freedBy.length > 0 && (
        <div className="text-sm">
          <p className="text-slate-600">The nodes free when these running jobs end, as predicted:</p>
          <ul className="list-disc pl-5">
            {r.freedBy.map((f) => (
              <li key={f.id}>
                {f.name ? (
                  <Link className="text-leaf-700 underline" href={`/jobs/${f.id}`}>
                    {f.name}
                  </Link>
                ) : (
                  "another tenant's job"
                )}{" "}
                at <Timestamp value={f.endAt} />
              </li>
            ))}
            {r.freedByCount > r.freedBy.length && <li>and {r.freedByCount - r.freedBy.length} more</li>}
          </ul>
        </div>
      )}
    </section>
  );
}
