import { describe, expect, it } from "vitest";
import { classifyPending, type HeldReservation, type PendingFacts } from "./pending-reason";

const NOW = Date.UTC(2026, 10, 24, 12);
const H = 3_600_000;

function facts(decision: Partial<NonNullable<PendingFacts["decision"]>> | null, over: Partial<PendingFacts> = {}): PendingFacts {
  return {
    jobId: "j",
    notBeforeMs: null,
    decision: decision && { outcome: "DEFERRED", startMs: NOW + H, startReason: "capacity", reasonCodes: [], capacityWait: null, ...decision },
    ...over,
  };
}

const hold = (jobId: string, startMs: number, nodeNames: string[], clusterId = "c1"): HeldReservation => ({ jobId, clusterId, startMs, nodeNames });

describe("classifyPending", () => {
  it("a job backing off after a failed run waits until its notBefore, whatever its decision says", () => {
    expect(classifyPending(facts({ startReason: "carbon" }, { notBeforeMs: NOW + 60_000 }), [], NOW)).toEqual({
      reason: "backing-off",
      expectedStartMs: NOW + 60_000,
      reservedForJobId: null,
    });
    // A back-off that is over no longer counts.
    expect(classifyPending(facts({ startReason: "carbon" }, { notBeforeMs: NOW - 1 }), [], NOW).reason).toBe("cleaner-power");
  });

  it("a job holding a reservation expects to start at the reserved time", () => {
    const r = classifyPending(facts({ startMs: NOW + 5 * H }), [hold("j", NOW + 2 * H, ["n1"])], NOW);
    expect(r).toEqual({ reason: "holds-reservation", expectedStartMs: NOW + 2 * H, reservedForJobId: null });
  });

  it("a carbon deferral waits for cleaner power; a start window is its own reason", () => {
    expect(classifyPending(facts({ startReason: "carbon", startMs: NOW + 3 * H }), [], NOW)).toMatchObject({
      reason: "cleaner-power",
      expectedStartMs: NOW + 3 * H,
    });
    expect(classifyPending(facts({ startReason: "window" }), [], NOW).reason).toBe("start-window");
  });

  it("an unschedulable job refused by a tenant limit waits for quota; by the fleet, for capacity", () => {
    expect(
      classifyPending(facts({ outcome: "UNSCHEDULABLE", startMs: null, startReason: null, reasonCodes: ["INSUFFICIENT_GPUS", "COHORT_QUOTA"] }), [], NOW),
    ).toEqual({
      reason: "quota",
      expectedStartMs: null,
      reservedForJobId: null,
    });
    expect(classifyPending(facts({ outcome: "UNSCHEDULABLE", startMs: null, startReason: null, reasonCodes: ["TENANT_GPU_QUOTA"] }), [], NOW).reason).toBe(
      "quota",
    );
    expect(classifyPending(facts({ outcome: "UNSCHEDULABLE", startMs: null, startReason: null, reasonCodes: ["INSUFFICIENT_GPUS"] }), [], NOW)).toEqual({
      reason: "capacity",
      expectedStartMs: null,
      reservedForJobId: null,
    });
  });

  it("a capacity wait on nodes another job holds first is reserved for that job", () => {
    const wait = { clusterId: "c1", startMs: NOW + 4 * H, nodeNames: ["n1", "n2"] };
    const held = [hold("later", NOW + 5 * H, ["n1"]), hold("big", NOW + 2 * H, ["n2", "n3"]), hold("elsewhere", NOW + H, ["n1"], "c2")];
    expect(classifyPending(facts({ startMs: NOW + 4 * H, capacityWait: wait }), held, NOW)).toEqual({
      reason: "reserved-for-other",
      expectedStartMs: NOW + 4 * H,
      reservedForJobId: "big",
    });
    // Only other nodes held, or held later than it could start: plain capacity.
    expect(classifyPending(facts({ startMs: NOW + 4 * H, capacityWait: wait }), [hold("x", NOW + H, ["n9"]), hold("later", NOW + 5 * H, ["n1"])], NOW)).toEqual(
      {
        reason: "capacity",
        expectedStartMs: NOW + 4 * H,
        reservedForJobId: null,
      },
    );
  });

  it("a job never decided (or whose placement has not shown yet) is not decided", () => {
    expect(classifyPending(facts(null), [], NOW).reason).toBe("not-decided");
    expect(classifyPending(facts({ outcome: "PLACED" }), [], NOW).reason).toBe("not-decided");
  });
});
