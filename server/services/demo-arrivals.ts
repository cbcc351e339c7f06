/**
 * The demo's arrival process: each leader cycle submits the jobs due at the rate an admin set
 * (SystemSetting.demoArrivalsPerHour, 0 = off), drawn from the openb trace by the seeded generator.
 * Fractions carry over between cycles, so 600/h at 3 s cycles submits one job every other cycle; the
 * first cycle after a start (or after the rate was off) only starts the count, and one cycle submits
 * at most MAX_PER_CYCLE, so a long pause does not become a burst. Jobs go to the demo tenants only:
 * a database without them gets none.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db/client";
import { parseOpenbPods } from "../data/openb-csv";
import { findTenantSubmitters, insertArrivals, readDemoArrivalRate } from "../repositories/demo-arrival-repository";
import { createArrivalGenerator } from "../data/demo-arrival-generator";

/** Most jobs one cycle submits. */
export const MAX_ARRIVALS_PER_CYCLE = 20;

/** What the arrival process reads. */
export interface DemoArrivalOptions {
  /** Folder holding openb_pod_list_default.csv (data/demo). */
  dataDir: string;
  seed: number;
}

/** The arrival process of one worker; `tick` returns how many jobs it submitted. */
export function createDemoArrivals(db: Db, options: DemoArrivalOptions) {
  let generator: ReturnType<typeof createArrivalGenerator> | null = null;
  let lastMs: number | null = null;
  let carry = 0;

  const generatorOf = () =>
    (generator ??= createArrivalGenerator(
      parseOpenbPods(readFileSync(join(options.dataDir, "openb_pod_list_default.csv"), "utf8"), "openb_pod_list_default.csv"),
      options.seed,
    ));

  return {
    async tick(now: Date): Promise<number> {
      const rate = await readDemoArrivalRate(db);
      const previous = lastMs;
      lastMs = now.getTime();
      if (rate <= 0 || previous === null || now.getTime() <= previous) {
        if (rate <= 0) carry = 0;
        return 0;
      }
      carry += (rate * (now.getTime() - previous)) / 3_600_000;
      const count = Math.min(MAX_ARRIVALS_PER_CYCLE, Math.floor(carry));
      carry = Math.min(carry - count, 1);
      if (count === 0) return 0;
      const tenants = await findTenantSubmitters(db);
      const bySlug = new Map(tenants.map((t) => [t.slug, t]));
      const rows = [];
      for (let i = 0; i < count; i++) {
        const { tenantSlug, ...job } = generatorOf().next(now);
        const tenant = bySlug.get(tenantSlug);
        const user = tenant?.users[0];
        if (!tenant || !user) continue;
        rows.push({ ...job, tenantId: tenant.id, submittedById: user.id, allowedRegions: [] });
      }
      if (!rows.length) return 0;
      return insertArrivals(db, rows);
    },
  };
}

/** The arrival process's type. */
export type DemoArrivals = ReturnType<typeof createDemoArrivals>;
