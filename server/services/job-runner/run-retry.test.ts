import { describe, expect, it } from "vitest";
import { checkpointAfterRun, DEFAULT_BACKOFF, exhaustedReason, retryBackoffMs, retryReason } from "./run-retry";

describe("run retry back-off", () => {
  it("doubles per retry within ±20 % and is capped at an hour", () => {
    for (const jobId of ["job-a", "job-b", "job-c", "job-d"]) {
      for (let retry = 1; retry <= 8; retry++) {
        const ms = retryBackoffMs(42, jobId, retry);
        const doubled = 60_000 * 2 ** (retry - 1);
        expect(ms).toBeGreaterThanOrEqual(Math.min(DEFAULT_BACKOFF.capMs, doubled * 0.8));
        expect(ms).toBeLessThanOrEqual(Math.min(DEFAULT_BACKOFF.capMs, doubled * 1.2));
      }
      expect(retryBackoffMs(42, jobId, 30)).toBe(3_600_000);
    }
  });

  it("is the same for the same seed, job and retry, and spreads jobs that failed together", () => {
    expect(retryBackoffMs(7, "job-a", 3)).toBe(retryBackoffMs(7, "job-a", 3));
    const waits = new Set(Array.from({ length: 20 }, (_, i) => retryBackoffMs(7, `job-${i}`, 1)));
    expect(waits.size).toBeGreaterThan(15);
    expect(retryBackoffMs(8, "job-a", 3)).not.toBe(retryBackoffMs(7, "job-a", 3));
  });

  it("takes its shape from the options, and refuses a retry number below 1", () => {
    expect(retryBackoffMs(1, "j", 3, { baseMs: 1000, capMs: 10_000, jitter: 0 })).toBe(4000);
    expect(retryBackoffMs(1, "j", 5, { baseMs: 1000, capMs: 10_000, jitter: 0 })).toBe(10_000);
    expect(() => retryBackoffMs(1, "j", 0)).toThrow(RangeError);
  });

  it("says what failed, which retry and when (UTC)", () => {
    expect(retryReason("OOMKilled", 1, 3, new Date("2026-03-15T12:37:10Z"))).toBe("run failed: OOMKilled; retry 1 of 3 at 12:37 UTC");
    expect(exhaustedReason("OOMKilled", 2)).toBe("run failed after 2 retries: OOMKilled");
    expect(exhaustedReason("OOMKilled", 1)).toBe("run failed after 1 retry: OOMKilled");
    expect(exhaustedReason("OOMKilled", 0)).toBe("run failed: OOMKilled");
  });
});

describe("work kept from an interrupted run", () => {
  const base = { checkpointIntervalS: 600, checkpointedWorkS: 0, lastCheckpointAt: null, startedAt: new Date(0), estimatedDurationS: 7200 };
  it("keeps the whole intervals completed on top of what was saved, at most the estimate", () => {
    expect(checkpointAfterRun(base, 1860)).toBe(1800);
    expect(checkpointAfterRun({ ...base, checkpointedWorkS: 1800 }, 599)).toBe(1800);
    expect(checkpointAfterRun({ ...base, checkpointedWorkS: 6600 }, 5000)).toBe(7200);
  });
  it("keeps what it had without checkpoints, and trusts a checkpoint stored during this run", () => {
    expect(checkpointAfterRun({ ...base, checkpointIntervalS: null, checkpointedWorkS: 300 }, 5000)).toBe(300);
    expect(checkpointAfterRun({ ...base, checkpointedWorkS: 1200, lastCheckpointAt: new Date(1000) }, 5000)).toBe(1200);
  });
});
