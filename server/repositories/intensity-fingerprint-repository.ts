/** A cheap fingerprint of each zone's intensity samples in a window, to know when something computed from them is still valid. */
import type { Db } from "../db/client";

/**
 * Per zone with samples in [from, to): how many, the newest row id and the sum of the values, as
 * one string. Any insert, delete or changed value in the window changes it (an upsert keeps its id
 * but changes the sum), and it costs one aggregate over the (zoneId, at) index instead of reading
 * every sample. Zones without samples are absent.
 */
export async function readIntensityFingerprints(db: Db, from: Date, to: Date): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<{ zoneId: string; n: bigint; maxId: bigint | null; total: number | null }[]>`
    SELECT "zoneId", COUNT(*) AS n, MAX(id) AS "maxId", SUM("gCo2ePerKwh")::float8 AS total
    FROM "CarbonIntensitySample" WHERE at >= ${from} AND at < ${to}
    GROUP BY "zoneId"`;
  return new Map(rows.map((r) => [r.zoneId, `${r.n}:${r.maxId ?? ""}:${r.total ?? ""}`]));
}
