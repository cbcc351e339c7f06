/**
 * Carbon-intensity storage: grid zones' signal settings, measured and forecast samples. Writes are
 * set-based upserts (INSERT ... ON CONFLICT on the migration's partial unique indexes), so a re-import
 * or re-poll of the same hours replaces values instead of failing or duplicating them.
 */
import type { Db } from "../db/client";
import { Prisma, type EmissionFactorType, type IntensityKind, type SignalType } from "../db/generated/client";

/** A client or an open transaction. */
export type DbOrTx = Db | Prisma.TransactionClient;

/** A zone's signal settings and static fallback. */
export interface ZoneSignal {
  id: string;
  name: string;
  signalType: SignalType;
  emissionFactorType: EmissionFactorType;
  annualAverageGCo2ePerKwh: number;
}

/** A sample to store. */
export interface NewIntensitySample {
  zoneId: string;
  at: Date;
  gCo2ePerKwh: number;
  kind: IntensityKind;
  signalType: SignalType;
  emissionFactorType: EmissionFactorType;
  provider: string;
  source: string;
  estimated: boolean;
  /** Required for forecasts, null for measured values. */
  forecastIssuedAt: Date | null;
}

/** A stored sample. */
export type StoredIntensitySample = NewIntensitySample & { id: bigint };

/** Rows written: new hours and replaced hours. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/** One zone's signal settings, or null when the zone does not exist. */
export async function findZoneSignal(db: DbOrTx, zoneId: string): Promise<ZoneSignal | null> {
  return db.gridZone.findUnique({
    where: { id: zoneId },
    select: { id: true, name: true, signalType: true, emissionFactorType: true, annualAverageGCo2ePerKwh: true },
  });
}

/** Runs `fn` in one transaction: everything it writes is committed together or not at all. */
export async function inTransaction<T>(db: Db, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  // A year of hourly data is ~9 statements; the default 5 s is tight on a busy 2-core machine.
  return db.$transaction(fn, { timeout: 60_000, maxWait: 10_000 });
}

// 10 parameters per row; PostgreSQL allows 65,535 per statement.
const BATCH_ROWS = 1000;

// Timestamps travel as ISO text and are converted in SQL, so the session time zone cannot shift them.
const ts = (d: Date | null) => (d ? Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')` : Prisma.sql`NULL`);

async function upsert(db: DbOrTx, rows: NewIntensitySample[], kind: IntensityKind): Promise<UpsertCounts> {
  const counts = { inserted: 0, updated: 0 };
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const values = rows.slice(i, i + BATCH_ROWS).map((r) => {
      if (r.kind !== kind) throw new Error(`sample ${r.zoneId} ${r.at.toISOString()}: kind ${r.kind} in a ${kind} write`);
      if ((kind === "FORECAST") !== (r.forecastIssuedAt !== null))
        throw new Error(`sample ${r.zoneId} ${r.at.toISOString()}: forecastIssuedAt must be set exactly for forecasts`);
      return Prisma.sql`(${r.zoneId}, ${ts(r.at)}, ${r.gCo2ePerKwh}, ${r.kind}::"IntensityKind", ${r.signalType}::"SignalType", ${r.emissionFactorType}::"EmissionFactorType", ${r.provider}, ${r.source}, ${r.estimated}, ${ts(r.forecastIssuedAt)})`;
    });
    const conflict =
      kind === "MEASURED" ? Prisma.sql`("zoneId", "at") WHERE "kind" = 'MEASURED'` : Prisma.sql`("zoneId", "at", "forecastIssuedAt") WHERE "kind" = 'FORECAST'`;
    // xmax = 0 only for rows this statement inserted; updated rows carry the updating transaction id.
    const result = await db.$queryRaw<{ inserted: boolean }[]>`
      INSERT INTO "CarbonIntensitySample" ("zoneId", "at", "gCo2ePerKwh", "kind", "signalType", "emissionFactorType", "provider", "source", "estimated", "forecastIssuedAt")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ${conflict} DO UPDATE SET
        "gCo2ePerKwh" = EXCLUDED."gCo2ePerKwh", "signalType" = EXCLUDED."signalType", "emissionFactorType" = EXCLUDED."emissionFactorType",
        "provider" = EXCLUDED."provider", "source" = EXCLUDED."source", "estimated" = EXCLUDED."estimated"
      RETURNING (xmax = 0) AS inserted`;
    for (const r of result) counts[r.inserted ? "inserted" : "updated"]++;
  }
  return counts;
}

/** Inserts or replaces measured values (one per zone and hour). */
export function upsertMeasuredSamples(db: DbOrTx, rows: NewIntensitySample[]): Promise<UpsertCounts> {
  return upsert(db, rows, "MEASURED");
}

/** Inserts or replaces forecast values (one per zone, hour and issue time). */
export function upsertForecastSamples(db: DbOrTx, rows: NewIntensitySample[]): Promise<UpsertCounts> {
  return upsert(db, rows, "FORECAST");
}

/** The latest measured value at or before `at`, or null. */
export async function findLatestMeasured(db: DbOrTx, zoneId: string, at: Date): Promise<StoredIntensitySample | null> {
  return db.carbonIntensitySample.findFirst({ where: { zoneId, kind: "MEASURED", at: { lte: at } }, orderBy: { at: "desc" } });
}

/** Samples of one kind for a zone with `at` in [from, to), oldest first. */
export async function listSamples(db: DbOrTx, zoneId: string, kind: IntensityKind, from: Date, to: Date): Promise<StoredIntensitySample[]> {
  return db.carbonIntensitySample.findMany({ where: { zoneId, kind, at: { gte: from, lt: to } }, orderBy: [{ at: "asc" }, { forecastIssuedAt: "asc" }] });
}

/** Number of samples of one kind for a zone. */
export async function countSamples(db: DbOrTx, zoneId: string, kind: IntensityKind): Promise<number> {
  return db.carbonIntensitySample.count({ where: { zoneId, kind } });
}

/** Records a feed or import run in the audit log (same transaction as its writes). */
export async function recordCarbonAudit(
  db: DbOrTx,
  entry: { actorId: string | null; action: string; zoneId: string; after: Prisma.InputJsonValue },
): Promise<void> {
  await db.auditLog.create({ data: { actorId: entry.actorId, action: entry.action, entityType: "GridZone", entityId: entry.zoneId, after: entry.after } });
}
