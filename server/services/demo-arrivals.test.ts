import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { createDemoArrivals, MAX_ARRIVALS_PER_CYCLE } from "./demo-arrivals";

const dataDir = fileURLToPath(new URL("../../data/demo", import.meta.url));
const T0 = Date.UTC(2026, 2, 15, 12);

/** A stand-in for the three queries the arrival process makes; `rate` may change between ticks. */
function fakeDb(state: { rate: number | null; tenants: string[] }) {
  const created: Record<string, unknown>[] = [];
  const db = {
    systemSetting: { findUnique: async () => (state.rate === null ? null : { demoArrivalsPerHour: state.rate }) },
    tenant: { findMany: async () => state.tenants.map((slug) => ({ id: `tenant-${slug}`, slug, users: [{ id: `user-${slug}` }] })) },
    job: {
      createMany: async ({ data }: { data: Record<string, unknown>[] }) => {
        created.push(...data);
        return { count: data.length };
      },
    },
  } as unknown as Db;
  return { db, created };
}

const demoTenants = ["aurora-labs", "borealis-ai", "cirrus-media"];

describe("demo arrivals", () => {
  it("submits the rate's jobs across cycles, carrying fractions, starting the count on the first cycle", async () => {
    const state = { rate: 1200, tenants: demoTenants };
    const { db, created } = fakeDb(state);
    const arrivals = createDemoArrivals(db, { dataDir, seed: 3 });
    const counts: number[] = [];
    // 1,200 an hour is one every 3 s: 40 cycles of 1.5 s after the first give 20 jobs.
    for (let i = 0; i <= 40; i++) counts.push(await arrivals.tick(new Date(T0 + i * 1500)));
    expect(counts[0]).toBe(0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect(Math.max(...counts)).toBe(1);
    expect(created).toHaveLength(20);
    for (const row of created) {
      expect(demoTenants.map((s) => `tenant-${s}`)).toContain(row.tenantId);
      expect(row.submittedById).toBe(String(row.tenantId).replace("tenant-", "user-"));
      expect(row.priorityClassId).toMatch(/^pc-/);
    }
  });

  it("submits nothing while the rate is 0 or unset, and caps a long pause", async () => {
    const state: { rate: number | null; tenants: string[] } = { rate: null, tenants: demoTenants };
    const { db, created } = fakeDb(state);
    const arrivals = createDemoArrivals(db, { dataDir, seed: 3 });
    expect(await arrivals.tick(new Date(T0))).toBe(0);
    expect(await arrivals.tick(new Date(T0 + 3_600_000))).toBe(0);
    state.rate = 0;
    expect(await arrivals.tick(new Date(T0 + 7_200_000))).toBe(0);
    expect(created).toHaveLength(0);
    // 100,000 an hour is 83 jobs in 3 s: one cycle submits at most the cap, and a day's pause is not a burst.
    state.rate = 100_000;
    expect(await arrivals.tick(new Date(T0 + 7_203_000))).toBe(MAX_ARRIVALS_PER_CYCLE);
    expect(await arrivals.tick(new Date(T0 + 7_203_000 + 86_400_000))).toBe(MAX_ARRIVALS_PER_CYCLE);
    expect(created).toHaveLength(2 * MAX_ARRIVALS_PER_CYCLE);
  });

  it("submits nothing to a database without the demo tenants", async () => {
    const { db, created } = fakeDb({ rate: 36_000, tenants: ["someone-else"] });
    const arrivals = createDemoArrivals(db, { dataDir, seed: 3 });
    await arrivals.tick(new Date(T0));
    expect(await arrivals.tick(new Date(T0 + 10_000))).toBe(0);
    expect(created).toHaveLength(0);
  });
});
