// When a queued job is expected to start, and where that estimate comes from, from data the jobs
// table already has: the latest decision, the job's "start after" time and its queue position.

export interface QueuedJobFacts {
  status: string;
  earliestStartAt: Date | string | null;
  queue: { position: number; queued: number } | null;
  decisions: readonly { outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE"; startAt: Date | string | null; createdAt: Date | string }[];
}

export type EstimateSource = "deferred" | "start-after" | "no-capacity" | "next-cycle";

export interface StartEstimate {
  /** "3 of 12" style position, or null when the job is not queued. */
  position: string | null;
  /** Expected start instant, or null when it cannot be estimated. */
  atMs: number | null;
  source: EstimateSource;
  /** One sentence on where the estimate comes from (shown in a tooltip). */
  explanation: string;
}

const ms = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).getTime());

/** The expected start of a queued job, or null for any other status. */
export function estimateStart(job: QueuedJobFacts, nowMs: number): StartEstimate | null {
  if (job.status !== "QUEUED") return null;
  const position = job.queue ? `${job.queue.position.toLocaleString("en-US")} of ${job.queue.queued.toLocaleString("en-US")}` : null;
  const order = "Queued jobs are considered by priority class, then each tenant's fair share (recent GPU-hours over its weight), then submission time.";
  const last = job.decisions[0];
  const deferredTo = last?.outcome === "DEFERRED" ? ms(last.startAt) : null;
  if (deferredTo !== null && deferredTo > nowMs) {
    return {
      position,
      atMs: deferredTo,
      source: "deferred",
      explanation: "The scheduler's latest decision deferred this job to a cleaner hour; it starts then if the capacity is still free.",
    };
  }
  const startAfter = ms(job.earliestStartAt);
  if (startAfter !== null && startAfter > nowMs) {
    return {
      position,
      atMs: startAfter,
      source: "start-after",
      explanation: `The job may not start before its "start after" time; the scheduler decides then. ${order}`,
    };
  }
  if (last?.outcome === "UNSCHEDULABLE") {
    return {
      position,
      atMs: null,
      source: "no-capacity",
      explanation: `No cluster can take it now (its decision says why); the scheduler retries every cycle. ${order}`,
    };
  }
  return {
    position,
    atMs: null,
    source: "next-cycle",
    explanation: `Not decided yet: the scheduler takes it up at its next cycle (every few seconds while it runs). ${order}`,
  };
}

/** Short words for an estimate without an instant. */
export function estimateWords(estimate: StartEstimate): string {
  switch (estimate.source) {
    case "no-capacity":
      return "when capacity frees";
    case "next-cycle":
      return "at the next scheduling cycle";
    default:
      return "";
  }
}
