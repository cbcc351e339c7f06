import { describe, expect, it } from "vitest";
import { FIRST_RETRY_MS, MAX_DELIVERY_ATTEMPTS, MAX_RETRY_MS, retryDelayMs } from "./retry-schedule";

describe("delivery back-off", () => {
  it("doubles from 30 s after each failed attempt", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
  });

  it("stops after the last attempt", () => {
    expect(retryDelayMs(MAX_DELIVERY_ATTEMPTS)).toBeNull();
    expect(retryDelayMs(MAX_DELIVERY_ATTEMPTS + 3)).toBeNull();
  });

  it("never waits longer than the cap", () => {
    for (let a = 1; a < MAX_DELIVERY_ATTEMPTS; a++) expect(retryDelayMs(a)!).toBeLessThanOrEqual(MAX_RETRY_MS);
  });
});
