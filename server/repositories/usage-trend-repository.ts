/**
 * Usage per UTC day, computed in PostgreSQL with the same rules as the month's meters
 * (usage-repository.ts), so the days of a month add up to the meter: GPU-hours of each run's part
 * inside the day (finished runs start..finish, running ones start..now; whole-GPU equivalents), and
 * emissions on the day the job was placed (the scheduler's estimate at placement).
 */
import type { Db } from "../db/client";

/** One tenant's usage on one day. */
export interface UsageDayRow {
  tenantId: string;
  day: Date;
  gpuHours: number;
  emissionsGCo2e: number;
}

/** Per tenant and day from `since` (a UTC midnight) up to `now`; one tenant's when `tenantId` is given. */
export async function readUsagePerDay(db: Db, tenantId: string | null, since: Date, now: Date): Promise<UsageDayRow[]> {
  const rows = await db.$queryRaw<{ tenantId: string; day: Date; gpuHours: number | null; emissions: number | null }[]>`
    WITH days AS (
      SELECT generate_series(CAST(${since} AS timestamp(3)), date_trunc('day', CAST(${now} AS timestamp(3))), interval '1 day') AS d
    ),
    gpu AS (
      SELECT j."tenantId", days.d AS day,
        SUM(("gpuCount" * "gpuMilli" * "gangSize") / 1000.0
          * EXTRACT(EPOCH FROM (LEAST(COALESCE(j."finishedAt", CAST(${now} AS timestamp(3))), days.d + interval '1 day') - GREATEST(j."startedAt", days.d))) / 3600.0) AS "gpuHours"
      FROM days JOIN "Job" j
        ON j."startedAt" IS NOT NULL AND j."startedAt" < days.d + interval '1 day' AND COALESCE(j."finishedAt", CAST(${now} AS timestamp(3))) > days.d
      WHERE (${tenantId}::text IS NULL OR j."tenantId" = ${tenantId})
      GROUP BY 1, 2
    ),
    co2 AS (
      SELECT j."tenantId", date_trunc('day', j."placedAt") AS day, SUM(j."emissionsGCo2e") AS emissions
      FROM "Job" j
      WHERE j."placedAt" >= CAST(${since} AS timestamp(3)) AND j."emissionsGCo2e" IS NOT NULL AND (${tenantId}::text IS NULL OR j."tenantId" = ${tenantId})
      GROUP BY 1, 2
    )
    SELECT COALESCE(gpu."tenantId", co2."tenantId") AS "tenantId", COALESCE(gpu.day, co2.day) AS day, gpu."gpuHours", co2.emissions
    FROM gpu FULL JOIN co2 ON gpu."tenantId" = co2."tenantId" AND gpu.day = co2.day
    ORDER BY 2, 1`;
  return rows.map((r) => ({ tenantId: r.tenantId, day: r.day, gpuHours: Number(r.gpuHours ?? 0), emissionsGCo2e: Number(r.emissions ?? 0) }));
}
