import { describe, expect, it } from "vitest";
import { differenceInterval, type JobGrams } from "./audit-difference-interval";

const job = (actualG: number, ledgerBaselineG: number, replayActiveG: number, replayBaselineG: number): JobGrams => ({
  actualG,
  ledgerBaselineG,
  replayActiveG,
  replayBaselineG,
});

describe("bootstrap interval of the ledger-minus-replay difference", () => {
  it("is a single point when every job has the same figures under both methods", () => {
    const rows = Array.from({ length: 50 }, () => job(70, 100, 70, 100));
    const i = differenceInterval(rows)!;
    expect(i.lowPts).toBeCloseTo(0, 9);
    expect(i.highPts).toBeCloseTo(0, 9);
  });

  it("is wide when one large job the two methods price differently carries the period, narrow when many small jobs do", () => {
    // 99 small jobs agree (30 % saved in both); one large job is 20 % saved by method 1 and 80 % by the replay.
    const small = Array.from({ length: 99 }, () => job(7, 10, 7, 10));
    const dominated = differenceInterval([...small, job(800, 1000, 200, 1000)])!;
    const spread = differenceInterval([...small, ...Array.from({ length: 100 }, () => job(8, 10, 2, 10))])!;
    expect(dominated.highPts - dominated.lowPts).toBeGreaterThan(20);
    expect(spread.highPts - spread.lowPts).toBeLessThan(dominated.highPts - dominated.lowPts);
    // Whole-sample difference of the dominated period: (1 - 1493/1990) - (1 - 893/1990) = -30.2 points; the interval holds it.
    expect(dominated.lowPts).toBeLessThan(-30.2);
    expect(dominated.highPts).toBeGreaterThan(-30.2);
  });

  it("is the same for the same seed and null with fewer than two jobs", () => {
    const rows = Array.from({ length: 30 }, (_, k) => job(5 + (k % 7), 10, 4 + (k % 5), 10));
    expect(differenceInterval(rows, { seed: 7 })).toEqual(differenceInterval(rows, { seed: 7 }));
    expect(differenceInterval([job(1, 2, 1, 2)])).toBeNull();
  });
});
