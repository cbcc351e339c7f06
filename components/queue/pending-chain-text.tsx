// The chain a queued job waits for, in words: "reserved behind job X, which waits for capacity on cluster Y until 14:20".
import Link from "next/link";
import type { ChainStep } from "@/server/services/pending-chain";
import { Timestamp } from "@/components/time/timestamp";

const WAITS_FOR: Record<ChainStep["reason"], string> = {
  "backing-off": "a back-off after a failed run",
  "holds-reservation": "capacity",
  "reserved-for-other": "nodes another job holds first",
  "cleaner-power": "cleaner power",
  "start-window": "its start window",
  quota: "its tenant's quota",
  capacity: "capacity",
  "not-decided": "its first decision",
};

/** One link: "waits for capacity on Frankfurt until …, when 2 running jobs end". */
function StepWords({ step }: { step: ChainStep }) {
  return (
    <>
      waits for {WAITS_FOR[step.reason]}
      {step.clusterName && <> on {step.clusterName}</>}
      {step.untilAt && (
        <>
          {" "}
          until <Timestamp value={step.untilAt} compact />
        </>
      )}
      {step.freedByCount ? `, when ${step.freedByCount} running job${step.freedByCount === 1 ? "" : "s"} end` : ""}
    </>
  );
}

/** The whole chain as one sentence; nothing when the job's own reason says it all. */
export function PendingChainText({ chain }: { chain: readonly ChainStep[] }) {
  const [self, ...behind] = chain;
  if (!self) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="pending-chain">
      It <StepWords step={self} />
      {behind.map((s, i) => (
        <span key={i}>
          ; reserved behind{" "}
          {s.jobId ? (
            <Link className="text-leaf-700 underline" href={`/jobs/${s.jobId}`}>
              {s.jobName}
            </Link>
          ) : (
            s.jobName
          )}
          , which <StepWords step={s} />
        </span>
      ))}
      .
    </p>
  );
}
