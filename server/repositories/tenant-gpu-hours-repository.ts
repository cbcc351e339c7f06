/** GPU-hours per tenant since a date, computed in PostgreSQL (the quota the scheduler enforces). */
import type { Db } from "../db/client";

/**
 * Every tenant's GPU-hours since `since`, counted as the tenant's usage page counts them: finished
 * jobs start..finish, running ones start..now (whole-GPU equivalents: shares count fractionally,
 * gangs per member). Tenants without such jobs are absent.
 */
export async function findTenantGpuHoursSince(db: Db, since: Date, now: Date): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ tenantId: string; gpuHours: number | null }[]>`SELECT "tenantId",
      SUM(("gpuCount" * "gpuMilli" * "gangSize") / 1000.0 * EXTRACT(EPOCH FROM (COALESCE("finishedAt", CAST(${now} AS timestamp(3))) - GREATEST("startedAt", CAST(${since} AS timestamp(3))))) / 3600.0) AS "gpuHours"
    FROM "Job"
    WHERE "startedAt" IS NOT NULL AND COALESCE("finishedAt", CAST(${now} AS timestamp(3))) > CAST(${since} AS timestamp(3))
    GROUP BY "tenantId"`;
  return new Map(rows.map((r) => [r.tenantId, Number(r.gpuHours ?? 0)]));
}

/** One tenant's jobs holding resources (placed or running), with what its committed GPU-hours read. */
export function findTenantCommitments(db: Db, tenantId: string) {
  return db.job.findMany({
    where: { tenantId, status: { in: ["PLACED", "RUNNING"] } },
    select: {
      tenantId: true,
      gpuCount: true,
      gpuMilli: true,
      gangSize: true,
      estimatedDurationS: true,
      startedAt: true,
      placedAt: true,
      decisions: { orderBy: { createdAt: "desc" }, take: 1, select: { startAt: true } },
    },
  });
}
