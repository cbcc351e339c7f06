import { describe, expect, it } from "vitest";
import { occupancyRate } from "./occupancy-rate";

const H = 3_600_000;

describe("occupancyRate", () => {
  it("counts start-up time and failed runs as held but not as work that counted", () => {
    const rate = occupancyRate(
      [
        // 2 GPUs placed at 0, started at 1 h, succeeded at 5 h: 10 held, 8 counted.
        { gpus: 2, placedAtMs: 0, startedAtMs: 1 * H, releasedAtMs: 5 * H, counted: true },
        // 1 GPU that ran 2 h and failed: 2 held, 0 counted.
        { gpus: 1, placedAtMs: 0, startedAtMs: 0, releasedAtMs: 2 * H, counted: false },
      ],
      0,
      10 * H,
    );
    expect(rate.heldGpuHours).toBeCloseTo(12, 12);
    expect(rate.countedGpuHours).toBeCloseTo(8, 12);
    expect(rate.ratio).toBeCloseTo(8 / 12, 12);
  });

  it("clips runs to the window and counts a running job up to the window's end; an idle window has no ratio", () => {
    const rate = occupancyRate([{ gpus: 4, placedAtMs: -5 * H, startedAtMs: -5 * H, releasedAtMs: null, counted: true }], 0, 2 * H);
    expect(rate).toEqual({ countedGpuHours: 8, heldGpuHours: 8, ratio: 1 });
    expect(occupancyRate([], 0, H).ratio).toBeNull();
  });
});
