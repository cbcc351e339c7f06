// The preemption card of the decision page: the running jobs this job stopped (or shrank) to start now, why each
// was eligible, the work each lost since its last checkpoint and what it resumes from; then the other
// victim sets the planner weighed with their costs. Rendered from the explanation's data.
import type { CoordinatorExplanation } from "@/server/engine";
import { shrinkText } from "@/server/engine";
import { DecisionSection } from "./decision-section";

type Preemption = NonNullable<CoordinatorExplanation["preemption"]>;

const n = (v: number, digits = 3) => Number(v.toFixed(digits)).toLocaleString("en-US");
const minutes = (s: number) => (s >= 3600 ? `${n(s / 3600, 1)} h` : `${n(s / 60, 0)} min`);
const REASON_TEXT: Record<Preemption["victims"][number]["reason"], string> = {
  "lower-priority": "lower-priority class, preemptible",
  "borrowed-quota": "ran on quota borrowed from this job's tenant",
  "backfill-overrun": "backfilled ahead of this job's reservation, ran past its predicted end",
};
const SKIP_TEXT: Record<Preemption["skipped"][number]["why"], string> = {
  "no-eligible-victims": "no eligible running job",
  "not-enough-even-with-all": "not enough even with every eligible job stopped",
  "not-available": "not taking new work",
};

/** The preemption card; nothing for a decision that preempted no job. */
export function DecisionPreemption({ explanation: e }: { explanation: CoordinatorExplanation }) {
  const p = e.preemption;
  if (!p) return null;
  const nameOf = (id: string) => e.clusters.find((c) => c.clusterId === id)?.name ?? id;
  const stopped = p.victims.filter((v) => v.shrinkTo === null).length;
  const shrunk = p.victims.length - stopped;
  const jobs = (k: number) => `${k} running ${k === 1 ? "job" : "jobs"}`;
  const what = [stopped > 0 ? `stopped ${jobs(stopped)}` : "", shrunk > 0 ? `shrank ${jobs(shrunk)} (an elastic gang sheds members)` : ""]
    .filter(Boolean)
    .join(" and ");
  return (
    <DecisionSection title="Preempted to start now">
      <p className="mb-3 text-sm">
        This job{p.preemptor.priorityClass ? ` (class ${p.preemptor.priorityClass}, priority ${p.preemptor.priority.toLocaleString("en-US")})` : ""} could not
        start anywhere, so it {what} on {nameOf(p.clusterId)}, losing <strong>{n(p.lostGpuHours)} GPU-hours</strong> of work since their last checkpoints.{" "}
        {stopped > 0 && "Stopped jobs are queued again and resume from those checkpoints. "}
        {shrunk > 0 && "Shrunk jobs keep running with the members left."}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="decision-preemption-victims">
          <caption className="sr-only">Preempted jobs</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Job
              </th>
              <th scope="col" className="py-1 pr-3">
                Why it could be preempted
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                GPUs
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Since checkpoint
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Lost GPU-h
              </th>
              <th scope="col" className="py-1 text-right">
                Resumes from
              </th>
            </tr>
          </thead>
          <tbody>
            {p.victims.map((v) => (
              <tr key={v.jobId} className="border-t border-slate-100">
                <td className="py-1 pr-3 font-mono text-xs">
                  {v.jobId}
                  {v.shrinkTo !== null && <span className="ml-1 font-sans text-slate-600">({shrinkText(v)})</span>}
                </td>
                <td className="py-1 pr-3">
                  {REASON_TEXT[v.reason]} (priority {v.priority.toLocaleString("en-US")})
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{n(v.gpus, 2)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{minutes(v.sinceCheckpointS)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{n(v.lostGpuHours)}</td>
                <td className="py-1 text-right tabular-nums">{v.resumeFromWorkS > 0 ? `${minutes(v.resumeFromWorkS)} of work` : "the start"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {p.alternatives.length > 1 && (
        <>
          <h3 className="mt-4 mb-1 text-sm font-semibold">Victim sets weighed</h3>
          <p className="mb-1 text-xs text-slate-600">
            Cheapest first: GPU-hours lost by lower-priority jobs (borrowed quota is reclaimed first), then all GPU-hours lost, then free GPU left stranded on
            partly used nodes, then fewer jobs.
          </p>
          <ul className="flex flex-col gap-1 text-sm" data-testid="decision-preemption-alternatives">
            {p.alternatives.map((a, i) => (
              <li key={i} className={a.chosen ? "font-medium" : "text-slate-700"}>
                {a.chosen ? "Chosen: " : ""}
                {nameOf(a.clusterId)}: {a.victimIds.join(", ")} · {n(a.lostGpuHours)} GPU-h lost ({n(a.lowerPriorityLostGpuHours)} from lower priority) ·{" "}
                {n(a.fragmentationMilli / 1000, 1)} GPUs stranded
              </li>
            ))}
          </ul>
        </>
      )}
      {p.skipped.length > 0 && (
        <p className="mt-3 text-xs text-slate-600">
          Not used: {p.skipped.map((s) => `${nameOf(s.clusterId)} (${SKIP_TEXT[s.why]})`).join("; ")}. {p.evaluations} decisions evaluated.
        </p>
      )}
    </DecisionSection>
  );
}
