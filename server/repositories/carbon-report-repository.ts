/**
 * Read-side aggregates for the operator Carbon page: intensity series per zone (measured and the
 * latest-issued forecast per hour), emissions from JobEnergyHour and the savings ledger. Everything
 * is summed in PostgreSQL. Days are the viewer's calendar days: `tz` is an IANA zone name that the
 * caller has validated, and UTC instants are converted in SQL.
 */
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";

/** A half-open UTC interval [from, to) and the viewer's time zone. */
export interface Period {
  from: Date;
  to: Date;
  tz: string;
}

// Timestamp columns hold UTC wall time without a zone; instants travel as ISO text (the session's
// time zone cannot shift them) and are converted to that wall time in SQL.
const utc = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
// A UTC wall-time column as the viewer's local calendar day.
const localDay = (column: Prisma.Sql, tz: string) => Prisma.sql`date((${column} AT TIME ZONE 'UTC') AT TIME ZONE ${tz})`;

/** Every grid zone with its signal settings and static default. */
export function listZones(db: Db) {
  return db.gridZone.findMany({
    orderBy: { id: "asc" },
    select: { id: true, name: true, signalType: true, emissionFactorType: true, annualAverageGCo2ePerKwh: true },
  });
}

/** One hourly point of a zone's curve. */
export interface IntensityRow {
  zoneId: string;
  at: Date;
  kind: "MEASURED" | "FORECAST";
  value: number;
  estimated: boolean;
  forecastIssuedAt: Date | null;
}

/** Measured hours, and for each hour the most recently issued forecast, of every zone in [from, to). */
export function readIntensitySeries(db: Db, from: Date, to: Date) {
  return db.$queryRaw<IntensityRow[]>`
    SELECT "zoneId", at, kind::text AS kind, "gCo2ePerKwh" AS value, estimated, "forecastIssuedAt" FROM "CarbonIntensitySample"
      WHERE kind = 'MEASURED' AND at >= ${utc(from)} AND at < ${utc(to)}
    UNION ALL
    (SELECT DISTINCT ON ("zoneId", at) "zoneId", at, kind::text, "gCo2ePerKwh", estimated, "forecastIssuedAt" FROM "CarbonIntensitySample"
      WHERE kind = 'FORECAST' AND at >= ${utc(from)} AND at < ${utc(to)}
      ORDER BY "zoneId", at, "forecastIssuedAt" DESC)
    ORDER BY "zoneId", at, kind`;
}

/** Where a zone's data in [from, to) came from: provider, signal and factor type, hours of each kind. */
export function readProvenance(db: Db, from: Date, to: Date) {
  return db.$queryRaw<{ zoneId: string; provider: string; signalType: string; emissionFactorType: string; kind: "MEASURED" | "FORECAST"; hours: number }[]>`
    SELECT "zoneId", provider, "signalType"::text AS "signalType", "emissionFactorType"::text AS "emissionFactorType", kind::text AS kind, COUNT(DISTINCT at)::int AS hours
    FROM "CarbonIntensitySample" WHERE at >= ${utc(from)} AND at < ${utc(to)}
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 5`;
}

/** Energy and emissions summed per group. */
export interface EnergyTotals {
  itEnergyKwh: number;
  facilityEnergyKwh: number;
  emissionsGCo2e: number;
  jobs: number;
}

const SUMS = Prisma.sql`COALESCE(SUM(h."itEnergyKwh"), 0)::float8 AS "itEnergyKwh", COALESCE(SUM(h."facilityEnergyKwh"), 0)::float8 AS "facilityEnergyKwh",
  COALESCE(SUM(h."emissionsGCo2e"), 0)::float8 AS "emissionsGCo2e", COUNT(DISTINCT h."jobId")::int AS jobs`;
const inPeriod = (p: Period) => Prisma.sql`h."hourStart" >= ${utc(p.from)} AND h."hourStart" < ${utc(p.to)}`;

/** Emissions per cluster in the period (clusters without energy included, with zeros). */
export function readEmissionsByCluster(db: Db, p: Period) {
  return db.$queryRaw<(EnergyTotals & { id: string; name: string; zoneId: string })[]>`
    SELECT c.id, c.name, c."gridZoneId" AS "zoneId", ${SUMS}
    FROM "Cluster" c LEFT JOIN "JobEnergyHour" h ON h."clusterId" = c.id AND ${inPeriod(p)}
    GROUP BY c.id ORDER BY "emissionsGCo2e" DESC, c.name`;
}

/** Emissions per tenant in the period (tenants without energy included, with zeros). */
export function readEmissionsByTenant(db: Db, p: Period) {
  return db.$queryRaw<(EnergyTotals & { id: string; name: string })[]>`
    SELECT t.id, t.name, ${SUMS}
    FROM "Tenant" t LEFT JOIN "JobEnergyHour" h ON h."tenantId" = t.id AND ${inPeriod(p)}
    GROUP BY t.id ORDER BY "emissionsGCo2e" DESC, t.name`;
}

/** Emissions per local day of the period, every day present (zeros where nothing ran). */
export function readEmissionsByDay(db: Db, p: Period) {
  return db.$queryRaw<(EnergyTotals & { day: string })[]>`
    WITH days AS (
      SELECT generate_series(${localDay(utc(p.from), p.tz)}, ${localDay(Prisma.sql`(${utc(p.to)} - interval '1 millisecond')`, p.tz)}, interval '1 day')::date AS day
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${SUMS}
    FROM days d LEFT JOIN "JobEnergyHour" h ON ${localDay(Prisma.sql`h."hourStart"`, p.tz)} = d.day AND ${inPeriod(p)}
    GROUP BY d.day ORDER BY d.day`;
}

/** Energy and emissions in the period by where the intensity came from (measured, forecast, annual average). */
export function readEmissionsBySource(db: Db, p: Period) {
  return db.$queryRaw<(EnergyTotals & { source: string })[]>`
    SELECT h."intensitySource" AS source, ${SUMS} FROM "JobEnergyHour" h WHERE ${inPeriod(p)} GROUP BY 1 ORDER BY 1`;
}

/** Ledger sums per group; the baseline's range sums each entry's lowest and highest candidate (an entry without a spread adds its baseline to both). */
export interface LedgerTotals {
  actualGCo2e: number;
  baselineGCo2e: number;
  baselineMinGCo2e: number;
  baselineMaxGCo2e: number;
  savedGCo2e: number;
  jobs: number;
}

// The instant an entry belongs to: when its job finished, else the start of its UTC day.
const ENTRY_AT = Prisma.sql`COALESCE(j."finishedAt", e."day"::timestamp)`;
const LEDGER_SUMS = Prisma.sql`COALESCE(SUM(e."actualGCo2e"), 0)::float8 AS "actualGCo2e", COALESCE(SUM(e."baselineGCo2e"), 0)::float8 AS "baselineGCo2e",
  COALESCE(SUM(COALESCE(e."baselineMinGCo2e", e."baselineGCo2e")), 0)::float8 AS "baselineMinGCo2e",
  COALESCE(SUM(COALESCE(e."baselineMaxGCo2e", e."baselineGCo2e")), 0)::float8 AS "baselineMaxGCo2e",
  COALESCE(SUM(e."savedGCo2e"), 0)::float8 AS "savedGCo2e", COUNT(e.id)::int AS jobs`;
const ledgerInPeriod = (p: Period) => Prisma.sql`${ENTRY_AT} >= ${utc(p.from)} AND ${ENTRY_AT} < ${utc(p.to)}`;
/**
 * The entries per cluster: a split job's entry once per cluster it ran on, with that cluster's part
 * (CarbonSavingsClusterShare; the spread scaled by its energy share), every other entry as it is.
 */
export const LEDGER_ENTRIES_PER_CLUSTER = Prisma.sql`(SELECT e.id, e."jobId", e."tenantId", e.day, COALESCE(s."clusterId", e."clusterId") AS "clusterId",
  COALESCE(s."actualGCo2e", e."actualGCo2e") AS "actualGCo2e", COALESCE(s."baselineGCo2e", e."baselineGCo2e") AS "baselineGCo2e",
  e."baselineMinGCo2e" * COALESCE(s."energyShare", 1) AS "baselineMinGCo2e", e."baselineMaxGCo2e" * COALESCE(s."energyShare", 1) AS "baselineMaxGCo2e",
  COALESCE(s."savedGCo2e", e."savedGCo2e") AS "savedGCo2e"
  FROM "CarbonSavingsEntry" e LEFT JOIN "CarbonSavingsClusterShare" s ON s."entryId" = e.id)`;

/** Ledger totals per group: "day" (viewer's day), "tenant" or "cluster". */
export async function readLedgerTotals(db: Db, p: Period, by: "day" | "tenant" | "cluster") {
  if (by === "day") {
    const rows = await db.$queryRaw<(LedgerTotals & { key: string })[]>`
      SELECT to_char(${localDay(ENTRY_AT, p.tz)}, 'YYYY-MM-DD') AS key, ${LEDGER_SUMS}
      FROM "CarbonSavingsEntry" e JOIN "Job" j ON j.id = e."jobId" WHERE ${ledgerInPeriod(p)} GROUP BY 1 ORDER BY 1`;
    return rows.map((r) => ({ ...r, name: r.key }));
  }
  const [table, column] = by === "tenant" ? [Prisma.sql`"Tenant"`, Prisma.sql`e."tenantId"`] : [Prisma.sql`"Cluster"`, Prisma.sql`e."clusterId"`];
  // Per cluster, a split job's entry counts on each cluster it ran on, with that cluster's part.
  const entries = by === "cluster" ? LEDGER_ENTRIES_PER_CLUSTER : Prisma.sql`"CarbonSavingsEntry"`;
  return db.$queryRaw<(LedgerTotals & { key: string; name: string })[]>`
    SELECT g.id AS key, g.name, ${LEDGER_SUMS}
    FROM ${entries} e JOIN "Job" j ON j.id = e."jobId" JOIN ${table} g ON g.id = ${column}
    WHERE ${ledgerInPeriod(p)} GROUP BY g.id ORDER BY "savedGCo2e" DESC, g.name`;
}

/** One ledger entry with names and the job's placing decision (when there is one). */
export interface LedgerEntryRow {
  id: string;
  jobId: string;
  jobName: string;
  tenantName: string;
  clusterName: string;
  baselineClusterName: string | null;
  baselineStartAt: Date | null;
  finishedAt: Date | null;
  day: Date;
  actualGCo2e: number;
  baselineGCo2e: number;
  savedGCo2e: number;
  /** The baseline's lowest and highest candidate and how many it mixes (null for single-cluster methods). */
  baselineMinGCo2e: number | null;
  baselineMaxGCo2e: number | null;
  baselineCandidates: number | null;
  baselineIntensitySource: string | null;
  method: string;
  decisionId: string | null;
}

/** Ledger entries of the period, newest first, one page, and how many there are. */
export async function readLedgerEntries(db: Db, p: Period, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db.$queryRaw<LedgerEntryRow[]>`
      SELECT e.id, e."jobId", j.name AS "jobName", t.name AS "tenantName", c.name AS "clusterName", bc.name AS "baselineClusterName",
        e."baselineStartAt", j."finishedAt", e.day, e."actualGCo2e", e."baselineGCo2e", e."savedGCo2e", e.method,
        e."baselineMinGCo2e", e."baselineMaxGCo2e", e."baselineCandidates", e."baselineIntensitySource",
        (SELECT d.id FROM "Decision" d WHERE d."jobId" = e."jobId" AND d.outcome = 'PLACED' ORDER BY d."createdAt" DESC LIMIT 1) AS "decisionId"
      FROM "CarbonSavingsEntry" e JOIN "Job" j ON j.id = e."jobId" JOIN "Tenant" t ON t.id = e."tenantId" JOIN "Cluster" c ON c.id = e."clusterId"
        LEFT JOIN "Cluster" bc ON bc.id = e."baselineClusterId"
      WHERE ${ledgerInPeriod(p)}
      ORDER BY ${ENTRY_AT} DESC, e.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    db.$queryRaw<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM "CarbonSavingsEntry" e JOIN "Job" j ON j.id = e."jobId" WHERE ${ledgerInPeriod(p)}`,
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The ledger's methods in the period (so the page can say how baselines were computed). */
export function readLedgerMethods(db: Db, p: Period) {
  return db.$queryRaw<{ method: string; jobs: number }[]>`
    SELECT e.method, COUNT(*)::int AS jobs FROM "CarbonSavingsEntry" e JOIN "Job" j ON j.id = e."jobId" WHERE ${ledgerInPeriod(p)} GROUP BY 1 ORDER BY 2 DESC`;
}
