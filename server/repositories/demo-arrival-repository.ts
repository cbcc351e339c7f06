/** What the demo's arrival process reads and writes: the configured rate, the tenants' members, the new jobs. */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

/** Jobs per hour to submit (SystemSetting.demoArrivalsPerHour; 0 without the settings row). */
export async function readDemoArrivalRate(db: Db): Promise<number> {
  const row = await db.systemSetting.findUnique({ where: { id: "global" }, select: { demoArrivalsPerHour: true } });
  return row?.demoArrivalsPerHour ?? 0;
}

/** Every tenant with one member to submit in its name (none when it has no member). */
export function findTenantSubmitters(db: Db) {
  return db.tenant.findMany({ select: { id: true, slug: true, users: { where: { role: "TENANT_MEMBER" }, select: { id: true }, take: 1 } } });
}

/** Inserts the arrivals (a repeated idempotency key is skipped); returns how many were stored. */
export async function insertArrivals(db: Db, rows: Prisma.JobCreateManyInput[]): Promise<number> {
  const { count } = await db.job.createMany({ data: rows, skipDuplicates: true });
  return count;
}
