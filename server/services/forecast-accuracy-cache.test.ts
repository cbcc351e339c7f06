import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { ACCURACY_TTL_MS, cachedForecastAccuracy } from "./forecast-accuracy-cache";

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
  it("reads a zone's window once within the time to live and again after it", async () => {
    const { db, calls } = fakeDb();
    const now = to.getTime();
    const first = await cachedForecastAccuracy(db, "z1", from, to, now);
    const again = await cachedForecastAccuracy(db, "z1", from, to, now + ACCURACY_TTL_MS - 1);
    expect(again).toEqual(first);
    expect(calls).toHaveLength(2);
    expect(first.buckets.reduce((n, b) => n + b.pairs, 0)).toBe(1);
    await cachedForecastAccuracy(db, "z1", from, to, now + ACCURACY_TTL_MS);
    expect(calls).toHaveLength(4);
  });

  it("keeps zones and windows apart", async () => {
    const { db, calls } = fakeDb();
    const now = to.getTime();
    await cachedForecastAccuracy(db, "z1", from, to, now);
    await cachedForecastAccuracy(db, "z2", from, to, now);
    await cachedForecastAccuracy(db, "z1", new Date(from.getTime() + HOUR), new Date(to.getTime() + HOUR), now);
    expect(calls).toEqual(["z1:FORECAST", "z1:MEASURED", "z2:FORECAST", "z2:MEASURED", "z1:FORECAST", "z1:MEASURED"]);
  });

  it("does not keep a failed read", async () => {
    const { db, calls, fail } = fakeDb({ next: true });
    await expect(cachedForecastAccuracy(db, "z1", from, to, to.getTime())).rejects.toThrow("connection lost");
    fail.next = false;
    await new Promise((r) => setTimeout(r, 0));
    const ok = await cachedForecastAccuracy(db, "z1", from, to, to.getTime() + 1);
    expect(ok.buckets.length).toBeGreaterThan(0);
    expect(calls.length).toBe(4);
  });
});
