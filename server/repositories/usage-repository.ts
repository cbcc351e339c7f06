/** A tenant's consumption this month and now, computed in PostgreSQL. */
import type { Db } from "../db/client";

/**
 * GPU-hours and emissions of the tenant's jobs since `since`: finished jobs count start..finish,
 * running ones start..now (whole-GPU equivalents: shares count fractionally, gangs per member).
 */
export async function readTenantUsage(db: Db, tenantId: string, since: Date, now: Date) {
  const rows = await db.$queryRaw<{ gpuHours: number | null; emissions: number | null; energy: number | null; gpusInUse: number | null; jobs: bigint }[]>`SELECT
      SUM(("gpuCount" * "gpuMilli" * "gangSize") / 1000.0 * EXTRACT(EPOCH FROM (COALESCE("finishedAt", CAST(${now} AS timestamp(3))) - GREATEST("startedAt", CAST(${since} AS timestamp(3))))) / 3600.0)
        FILTER (WHERE "startedAt" IS NOT NULL AND COALESCE("finishedAt", CAST(${now} AS timestamp(3))) > CAST(${since} AS timestamp(3))) AS "gpuHours",
      SUM("emissionsGCo2e") FILTER (WHERE "placedAt" >= CAST(${since} AS timestamp(3))) AS emissions,
      SUM("energyKwh") FILTER (WHERE "placedAt" >= CAST(${since} AS timestamp(3))) AS energy,
      SUM(("gpuCount" * "gpuMilli" * "gangSize") / 1000.0) FILTER (WHERE status IN ('PLACED', 'RUNNING')) AS "gpusInUse",
      count(*) FILTER (WHERE "submittedAt" >= CAST(${since} AS timestamp(3))) AS jobs
    FROM "Job" WHERE "tenantId" = ${tenantId}`;
  const r = rows[0];
  return {
    gpuHours: Number(r?.gpuHours ?? 0),
    emissionsGCo2e: Number(r?.emissions ?? 0),
    energyKwh: Number(r?.energy ?? 0),
    gpusInUse: Number(r?.gpusInUse ?? 0),
    jobsSubmitted: Number(r?.jobs ?? 0),
  };
}
