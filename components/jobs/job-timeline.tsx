// A job's timeline: every recorded event in time order, with links to decisions and the other job of a preemption.
import Link from "next/link";
import type { JobTimeline } from "@/server/services/job-timeline-service";
import { Timestamp } from "@/components/time/timestamp";

const DOT: Record<string, string> = {
  submitted: "bg-slate-400",
  decision: "bg-sky-500",
  reserved: "bg-indigo-500",
  started: "bg-leaf-600",
  succeeded: "bg-leaf-700",
  preempted: "bg-amber-500",
  preempting: "bg-amber-500",
  shrunk: "bg-amber-400",
  grown: "bg-leaf-500",
  stopped: "bg-amber-600",
  resized: "bg-amber-400",
  retry: "bg-red-400",
  "start-failed": "bg-red-400",
  failed: "bg-red-600",
  cancelled: "bg-slate-500",
  expired: "bg-slate-500",
};

/** The events, oldest first, as an ordered list (one item per event). */
export function JobTimelineList({ entries }: { entries: JobTimeline["entries"] }) {
  return (
    <section aria-labelledby="timeline-title" className="space-y-2">
      <h2 id="timeline-title" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol className="space-y-2 border-l border-slate-200 pl-4" data-testid="job-timeline">
        {entries.map((e, i) => (
          <li key={i} className="relative text-sm" data-kind={e.kind}>
            <span aria-hidden className={`absolute -left-[21px] top-1.5 h-2.5 w-2.5 rounded-full ${DOT[e.kind] ?? "bg-slate-300"}`} />
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="whitespace-nowrap text-slate-600">
                <Timestamp value={e.at} seconds />
              </span>
              <span className="text-xs uppercase tracking-wide text-slate-500">{e.kind.replace("-", " ")}</span>
            </div>
            <p className="text-slate-900">
              {e.text}
              {e.seenCount > 1 && e.lastSeenAt && (
                <span className="text-slate-600">
                  {" "}
                  (decided the same way {e.seenCount} times, last at <Timestamp value={e.lastSeenAt} compact />)
                </span>
              )}
              {e.otherJob && (
                <>
                  {" · "}
                  <Link className="text-leaf-700 underline" href={`/jobs/${e.otherJob.id}`}>
                    {e.otherJob.name}
                  </Link>
                </>
              )}
              {e.decisionId && (
                <>
                  {" · "}
                  <Link className="text-leaf-700 underline" href={`/decisions/${e.decisionId}`}>
                    decision
                  </Link>
                </>
              )}
            </p>
            <p className="text-xs text-slate-500">from {e.source}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The GPUs the job holds now, per node. */
export function JobHeldResources({ held }: { held: JobTimeline["held"] }) {
  return (
    <section aria-labelledby="held-title" className="space-y-2">
      <h2 id="held-title" className="text-lg font-semibold">
        Resources held
      </h2>
      {held.length === 0 ? (
        <p className="text-sm text-slate-600">It holds no GPUs now.</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="job-held">
          {held.map((h, i) => (
            <li key={`${h.clusterName}/${h.nodeName}`}>
              {held.length > 1 ? `Member ${i + 1} of ${held.length}: ` : ""}
              {h.clusterName}, node {h.nodeName} (rack {h.rack}): {h.gpuIndices.length} GPU{h.gpuIndices.length === 1 ? "" : "s"} (GPU #
              {h.gpuIndices.join(", #")}){h.milliPerGpu < 1000 ? `, ${h.milliPerGpu / 10} % of each` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
