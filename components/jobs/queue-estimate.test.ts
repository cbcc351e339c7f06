import { describe, expect, it } from "vitest";
import { estimateStart, estimateWords } from "./queue-estimate";

const NOW = Date.UTC(2026, 2, 15, 12);
const queued = { status: "QUEUED", earliestStartAt: null, queue: { position: 3, queued: 1200 }, decisions: [] };

describe("estimateStart", () => {
  it("is null for jobs that are not queued", () => {
    expect(estimateStart({ ...queued, status: "RUNNING" }, NOW)).toBeNull();
  });
  it("uses a future deferred decision's chosen start first", () => {
    const at = new Date(NOW + 3 * 3_600_000);
    const e = estimateStart(
      { ...queued, earliestStartAt: new Date(NOW + 3_600_000), decisions: [{ outcome: "DEFERRED", startAt: at, createdAt: new Date(NOW) }] },
      NOW,
    )!;
    expect(e).toMatchObject({ position: "3 of 1,200", atMs: at.getTime(), source: "deferred" });
    expect(e.explanation).toContain("cleaner hour");
  });
  it("falls back to the start-after time when the deferral has passed", () => {
    const after = new Date(NOW + 3_600_000).toISOString();
    const e = estimateStart(
      { ...queued, earliestStartAt: after, decisions: [{ outcome: "DEFERRED", startAt: new Date(NOW - 1000), createdAt: new Date(NOW - 5000) }] },
      NOW,
    )!;
    expect(e).toMatchObject({ atMs: NOW + 3_600_000, source: "start-after" });
  });
  it("says capacity when the last decision found no cluster, and the next cycle otherwise", () => {
    const blocked = estimateStart({ ...queued, decisions: [{ outcome: "UNSCHEDULABLE", startAt: null, createdAt: new Date(NOW) }] }, NOW)!;
    expect(blocked).toMatchObject({ atMs: null, source: "no-capacity" });
    expect(estimateWords(blocked)).toBe("when capacity frees");
    const fresh = estimateStart({ ...queued, queue: null }, NOW)!;
    expect(fresh).toMatchObject({ position: null, atMs: null, source: "next-cycle" });
    expect(fresh.explanation).toContain("priority class, then each tenant's fair share");
  });
});
