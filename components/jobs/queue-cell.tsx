"use client";
// Queue position and expected start of a queued job, with where the estimate comes from.
import { InfoTip } from "@/components/ui/info-tip";
import { Timestamp } from "@/components/time/timestamp";
import { estimateStart, estimateWords, type QueuedJobFacts } from "./queue-estimate";

export function QueueCell({ job, nowMs }: { job: QueuedJobFacts; nowMs: number }) {
  const estimate = estimateStart(job, nowMs);
  if (!estimate) return <span className="text-slate-500">—</span>;
  return (
    <span className="text-sm" data-testid="queue-estimate">
      {estimate.position && <span className="block font-medium">#{estimate.position}</span>}
      <InfoTip tip={estimate.explanation}>
        <span className="text-slate-700">
          starts{" "}
          {estimate.atMs !== null ? (
            <>
              ≈ <Timestamp value={new Date(estimate.atMs)} relative />
            </>
          ) : (
            estimateWords(estimate)
          )}
        </span>
      </InfoTip>
    </span>
  );
}
