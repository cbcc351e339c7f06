import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { cachedForecastAccuracy } from "./forecast-accuracy-cache";

const HOUR = 3_600_000;
const from = new Date(Date.UTC(2026, 10, 1));
const to = new Date(from.getTime() + 30 * 24 * HOUR);

/** A database stand-in answering the two sample reads of one zone: one forecast and its measured hour. */
function fakeDb(fail = { next: false }) {
  const calls: string[] = [];
  const at = new Date(from.getTime() + 5 * HOUR);
  const db = {
    carbonIntensitySample: {
      findMany: async ({ where }: { where: { kind: string; zoneId: string } }) => {
        calls.push(`${where.zoneId}:${where.kind}`);
        if (fail.next) throw new Error("connection lost");
        return where.kind === "FORECAST"
          ? [{ zoneId: where.zoneId, kind: "FORECAST", at, gCo2ePerKwh: 120, forecastIssuedAt: new Date(at.getTime() - 3 * HOUR) }]
          : [{ zoneId: where.zoneId, kind: "MEASURED", at, gCo2ePerKwh: 100, forecastIssuedAt: null }];
      },
    },
  };
  return { db: db as unknown as Db, calls, fail };
}

describe("cachedForecastAccuracy", () => {
  it("reads a zone's window once while its samples are unchanged and again when they change", async () => {
    const { db, calls } = fakeDb();
    const first = await cachedForecastAccuracy(db, "z1", from, to, "720:9001:51234.5");
    const again = await cachedForecastAccuracy(db, "z1", from, to, "720:9001:51234.5");
    expect(again).toEqual(first);
    expect(calls).toHaveLength(2);
    expect(first.buckets.reduce((n, b) => n + b.pairs, 0)).toBe(1);
    // A new sample (or a changed value) changes the fingerprint: computed again.
    await cachedForecastAccuracy(db, "z1", from, to, "721:9002:51334.5");
    expect(calls).toHaveLength(4);
  });

  it("keeps zones and windows apart", async () => {
    const { db, calls } = fakeDb();
    await cachedForecastAccuracy(db, "z1", from, to, "f");
    await cachedForecastAccuracy(db, "z2", from, to, "f");
    await cachedForecastAccuracy(db, "z1", new Date(from.getTime() + HOUR), new Date(to.getTime() + HOUR), "f");
    expect(calls).toEqual(["z1:FORECAST", "z1:MEASURED", "z2:FORECAST", "z2:MEASURED", "z1:FORECAST", "z1:MEASURED"]);
  });

  it("does not keep a failed read", async () => {
    const { db, calls, fail } = fakeDb({ next: true });
    await expect(cachedForecastAccuracy(db, "z1", from, to, "f")).rejects.toThrow("connection lost");
    fail.next = false;
    await new Promise((r) => setTimeout(r, 0));
    const ok = await cachedForecastAccuracy(db, "z1", from, to, "f");
    expect(ok.buckets.length).toBeGreaterThan(0);
    expect(calls.length).toBe(4);
  });
});
