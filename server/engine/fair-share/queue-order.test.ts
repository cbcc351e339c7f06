import { describe, expect, it } from "vitest";
import { decayedGpuHours, decayedUsageByTenant, FAIR_SHARE_HALF_LIFE_MS, type UsageInterval } from "./decayed-usage";
import { orderByFairShare, type FairShareEntry } from "./queue-order";

const H = 3_600_000;

describe("decayed usage", () => {
  it("counts recent GPU-hours fully and halves them per half-life", () => {
    const now = 100 * H;
    const recent = decayedGpuHours({ gpus: 2, startMs: now - 60_000, endMs: now }, now);
    expect(recent).toBeCloseTo((2 * 60_000) / H, 4);
    const dayOld = decayedGpuHours({ gpus: 2, startMs: now - FAIR_SHARE_HALF_LIFE_MS - 60_000, endMs: now - FAIR_SHARE_HALF_LIFE_MS }, now);
    expect(dayOld / recent).toBeCloseTo(0.5, 3);
    // Running intervals count up to now only.
    expect(decayedGpuHours({ gpus: 1, startMs: now - H, endMs: now + 10 * H }, now)).toBeCloseTo(
      decayedGpuHours({ gpus: 1, startMs: now - H, endMs: now }, now),
      9,
    );
    expect(decayedGpuHours({ gpus: 1, startMs: now + H, endMs: now + 2 * H }, now)).toBe(0);
  });

  it("sums per tenant", () => {
    const u = decayedUsageByTenant(
      [
        { tenant: "a", gpus: 1, startMs: 0, endMs: H },
        { tenant: "a", gpus: 1, startMs: 0, endMs: H },
        { tenant: "b", gpus: 1, startMs: 0, endMs: H },
      ],
      H,
    );
    expect(u.get("a")! / u.get("b")!).toBeCloseTo(2, 9);
  });
});

describe("fair-share order", () => {
  const job = (id: string, tenant: string, priority = 0, submittedAtMs = 0): FairShareEntry => ({ id, tenant, priority, submittedAtMs });

  it("keeps priority first, then the lower share, then first come first served", () => {
    const queue = [job("a1", "a", 0, 1), job("b1", "b", 0, 2), job("a2", "a", 5, 3), job("c1", "c", 0, 0)];
    const usage = new Map([
      ["a", 10],
      ["b", 4],
      ["c", 9],
    ]);
    const weights = new Map([["c", 3]]); // c: 9/3 = 3 < b: 4 < a: 10
    expect(orderByFairShare(queue, usage, weights).map((j) => j.id)).toEqual(["a2", "c1", "b1", "a1"]);
  });

  it("interleaves a burst when each taken job is charged", () => {
    const queue = [job("a1", "a", 0, 1), job("a2", "a", 0, 2), job("a3", "a", 0, 3), job("b1", "b", 0, 4), job("b2", "b", 0, 5)];
    const order = orderByFairShare(queue, new Map(), new Map(), () => 1).map((j) => j.id);
    expect(order).toEqual(["a1", "b1", "a2", "b2", "a3"]);
  });

  /**
   * Two tenants of weights 2:1 always submit 1-GPU jobs of 1 h onto 12 GPUs; every hour the free GPUs
   * go to the queue in fair-share order. The GPU-hours they receive converge to 2:1: over the last
   * 10 days of 30 the ratio stays within ±5% of 2 (stated tolerance).
   */
  it("converges GPU-hours to the weights' ratio when contended", () => {
    const gpus = 12;
    const weights = new Map([
      ["heavy", 2],
      ["light", 1],
    ]);
    const history: UsageInterval[] = [];
    const received = new Map([
      ["heavy", 0],
      ["light", 0],
    ]);
    let seq = 0;
    const queue: FairShareEntry[] = [];
    for (let hour = 0; hour < 30 * 24; hour++) {
      const now = hour * H;
      // Both tenants keep more jobs queued than the fleet can run.
      for (const tenant of ["heavy", "light"]) while (queue.filter((j) => j.tenant === tenant).length < gpus) queue.push(job(`j${seq++}`, tenant, 0, now));
      const usage = decayedUsageByTenant(history, now);
      const order = orderByFairShare(queue, usage, weights, () => 1);
      for (const j of order.slice(0, gpus)) {
        history.push({ tenant: j.tenant, gpus: 1, startMs: now, endMs: now + H });
        queue.splice(queue.indexOf(j), 1);
        if (hour >= 20 * 24) received.set(j.tenant, received.get(j.tenant)! + 1);
      }
    }
    const ratio = received.get("heavy")! / received.get("light")!;
    expect(ratio).toBeGreaterThan(2 * 0.95);
    expect(ratio).toBeLessThan(2 * 1.05);
  });
});
