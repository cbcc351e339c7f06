import { describe, expect, it } from "vitest";
import { expectedEndMs } from "./expected-end";

const MIN = 60_000;

describe("expected end of a running job", () => {
  it("is the predicted end while that is still ahead", () => {
    expect(expectedEndMs(0, 30 * MIN, 10 * MIN)).toBe(30 * MIN);
  });

  it("past the predicted end, is as far ahead as the job has run so far", () => {
    // Started at 0, predicted to end at 30 min, still running at 50 min: expected at 100 min.
    expect(expectedEndMs(0, 30 * MIN, 50 * MIN)).toBe(100 * MIN);
    // The later it is, the later the expected end, so a reservation behind it does not look imminent.
    expect(expectedEndMs(0, 30 * MIN, 120 * MIN)).toBeGreaterThan(expectedEndMs(0, 30 * MIN, 50 * MIN));
  });

  it("is at least a minute ahead, even for a job that has only just started", () => {
    expect(expectedEndMs(10 * MIN, 10 * MIN, 10 * MIN + 1000)).toBe(11 * MIN + 1000);
  });
});
