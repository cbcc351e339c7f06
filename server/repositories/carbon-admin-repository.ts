/**
 * Grid zone and carbon feed administration: zones with their data coverage, the static default,
 * and the HTTP feed settings. Every write is one transaction with its audit entry. A feed's API token
 * is stored sealed with the secret key (secrets/stored-secrets.ts); feed rows leave this module
 * without it: callers get only whether one is set.
 */
import { sameStoredSecret, sealStoredSecret, SECRET_PURPOSES } from "../secrets/stored-secrets";
import { recordAudit } from "./audit-repository";
import type { Db } from "../db/client";
import { Prisma, type CarbonFeedProvider, type SignalType } from "../db/generated/client";

/** A zone with how much intensity data it holds. */
export interface ZoneCoverageRow {
  id: string;
  name: string;
  signalType: SignalType;
  emissionFactorType: "LIFECYCLE" | "DIRECT";
  annualAverageGCo2ePerKwh: number;
  clusters: number;
  measuredHours: number;
  firstMeasuredAt: Date | null;
  lastMeasuredAt: Date | null;
  /** Distinct measured hours in [recentFrom, recentTo). */
  recentMeasuredHours: number;
  forecastHours: number;
  lastForecastIssuedAt: Date | null;
  lastForecastAt: Date | null;
}

/** Every zone with its coverage; `recent*` counts measured hours in [recentFrom, recentTo). */
export function listZoneCoverage(db: Db, recentFrom: Date, recentTo: Date) {
  const utc = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  return db.$queryRaw<ZoneCoverageRow[]>`
    SELECT z.id, z.name, z."signalType"::text AS "signalType", z."emissionFactorType"::text AS "emissionFactorType", z."annualAverageGCo2ePerKwh",
      (SELECT COUNT(*)::int FROM "Cluster" c WHERE c."gridZoneId" = z.id AND c.status <> 'RETIRED') AS clusters,
      COUNT(s.id) FILTER (WHERE s.kind = 'MEASURED')::int AS "measuredHours",
      MIN(s.at) FILTER (WHERE s.kind = 'MEASURED') AS "firstMeasuredAt",
      MAX(s.at) FILTER (WHERE s.kind = 'MEASURED') AS "lastMeasuredAt",
      COUNT(s.id) FILTER (WHERE s.kind = 'MEASURED' AND s.at >= ${utc(recentFrom)} AND s.at < ${utc(recentTo)})::int AS "recentMeasuredHours",
      COUNT(DISTINCT s.at) FILTER (WHERE s.kind = 'FORECAST')::int AS "forecastHours",
      MAX(s."forecastIssuedAt") AS "lastForecastIssuedAt",
      MAX(s.at) FILTER (WHERE s.kind = 'FORECAST') AS "lastForecastAt"
    FROM "GridZone" z LEFT JOIN "CarbonIntensitySample" s ON s."zoneId" = z.id
    GROUP BY z.id ORDER BY z.id`;
}

/** Sets a zone's static default and audits the change; returns the old value (null when no zone). */
export async function updateZoneDefault(db: Db, input: { zoneId: string; annualAverageGCo2ePerKwh: number; actorId: string; at: Date }) {
  return db.$transaction(async (tx) => {
    const before = await tx.gridZone.findUnique({ where: { id: input.zoneId }, select: { annualAverageGCo2ePerKwh: true } });
    if (!before) return null;
    await tx.gridZone.update({ where: { id: input.zoneId }, data: { annualAverageGCo2ePerKwh: input.annualAverageGCo2ePerKwh } });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "carbon.zone-default",
      entityType: "GridZone",
      entityId: input.zoneId,
      before: { annualAverageGCo2ePerKwh: before.annualAverageGCo2ePerKwh },
      after: { annualAverageGCo2ePerKwh: input.annualAverageGCo2ePerKwh },
      at: input.at,
    });
    return before.annualAverageGCo2ePerKwh;
  });
}

/**
 * Sets a zone's carbon signal type (audited in the same transaction). Returns the previous type and
 * the zone's feeds' signal types, or null when the zone does not exist; refuses nothing itself.
 */
export async function updateZoneSignal(db: Db, input: { zoneId: string; signalType: "AVERAGE" | "MARGINAL"; actorId: string; at: Date }) {
  return db.$transaction(async (tx) => {
    const before = await tx.gridZone.findUnique({
      where: { id: input.zoneId },
      select: { signalType: true, feeds: { select: { provider: true, signalType: true } } },
    });
    if (!before) return null;
    const conflicting = before.feeds.filter((f) => f.signalType !== input.signalType);
    if (conflicting.length > 0) return { before: before.signalType, conflicting: conflicting.map((f) => f.provider) };
    await tx.gridZone.update({ where: { id: input.zoneId }, data: { signalType: input.signalType } });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "carbon.zone-signal",
      entityType: "GridZone",
      entityId: input.zoneId,
      before: { signalType: before.signalType },
      after: { signalType: input.signalType },
      at: input.at,
    });
    return { before: before.signalType, conflicting: [] as string[] };
  });
}

// Everything but the token; `apiToken` is only ever compared with null.
const FEED_PUBLIC = {
  id: true,
  zoneId: true,
  provider: true,
  signalType: true,
  baseUrl: true,
  externalZone: true,
  pollIntervalS: true,
  enabled: true,
  lastPolledAt: true,
  lastSuccessAt: true,
  lastError: true,
  nextPollAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type FeedRow = Prisma.CarbonFeedGetPayload<{ select: typeof FEED_PUBLIC & { apiToken: true } }>;
/** A feed as the browser may see it. */
export type PublicFeed = Omit<FeedRow, "apiToken"> & { hasToken: boolean };

function toPublic({ apiToken, ...feed }: FeedRow): PublicFeed {
  return { ...feed, hasToken: apiToken !== null && apiToken !== "" };
}

/** Every feed, by zone and provider, without tokens. */
export async function listFeeds(db: Db): Promise<PublicFeed[]> {
  const rows = await db.carbonFeed.findMany({ orderBy: [{ zoneId: "asc" }, { provider: "asc" }], select: { ...FEED_PUBLIC, apiToken: true } });
  return rows.map(toPublic);
}

/** Settings an admin writes. `apiToken`: a string replaces it, null clears it, undefined keeps it. */
export interface FeedWrite {
  zoneId: string;
  provider: CarbonFeedProvider;
  signalType: SignalType;
  baseUrl: string;
  apiToken: string | null | undefined;
  externalZone: string | null;
  pollIntervalS: number;
  enabled: boolean;
}

// The audit never holds the token, only whether one is set and whether this change replaced it.
function auditView(feed: Omit<FeedWrite, "apiToken"> & { hasToken: boolean }) {
  const { zoneId, provider, signalType, baseUrl, externalZone, pollIntervalS, enabled, hasToken } = feed;
  return { zoneId, provider, signalType, baseUrl, externalZone, pollIntervalS, enabled, tokenSet: hasToken };
}

/**
 * Creates (id null) or updates a feed and audits it, in one transaction. Enabling or changing a feed
 * schedules a poll at `at`; disabling clears the schedule. Returns null when the id does not exist.
 */
export async function saveFeed(db: Db, id: string | null, input: FeedWrite, actorId: string, at: Date): Promise<PublicFeed | null> {
  return db.$transaction(async (tx) => {
    const before = id ? await tx.carbonFeed.findUnique({ where: { id }, select: { ...FEED_PUBLIC, apiToken: true } }) : null;
    if (id && !before) return null;
    const { apiToken, ...rest } = input;
    // An empty token means none (toPublic), so it is stored as it is rather than sealed.
    const stored = apiToken ? sealStoredSecret(SECRET_PURPOSES.feedToken, apiToken) : apiToken;
    const data = { ...rest, nextPollAt: input.enabled ? at : null, ...(stored !== undefined ? { apiToken: stored } : {}) };
    const saved = before
      ? await tx.carbonFeed.update({ where: { id: before.id }, data, select: { ...FEED_PUBLIC, apiToken: true } })
      : await tx.carbonFeed.create({ data: { ...data, apiToken: stored ?? null, createdAt: at }, select: { ...FEED_PUBLIC, apiToken: true } });
    const publicSaved = toPublic(saved);
    await recordAudit(tx, {
      actorId,
      action: before ? "carbon.feed-update" : "carbon.feed-create",
      entityType: "CarbonFeed",
      entityId: saved.id,
      before: before ? auditView(toPublic(before)) : undefined,
      after: { ...auditView(publicSaved), tokenChanged: apiToken !== undefined && !sameStoredSecret(SECRET_PURPOSES.feedToken, before?.apiToken, apiToken) },
      at,
    });
    return publicSaved;
  });
}

/** Deletes a feed and audits it; false when it did not exist. */
export async function deleteFeed(db: Db, id: string, actorId: string, at: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const before = await tx.carbonFeed.findUnique({ where: { id }, select: { ...FEED_PUBLIC, apiToken: true } });
    if (!before) return false;
    await tx.carbonFeed.delete({ where: { id } });
    await recordAudit(tx, { actorId, action: "carbon.feed-delete", entityType: "CarbonFeed", entityId: id, before: auditView(toPublic(before)), at });
    return true;
  });
}

/** Another feed of the same zone, provider and signal (the unique key), if any. */
export function findFeedByKey(db: Db, zoneId: string, provider: CarbonFeedProvider, signalType: SignalType) {
  return db.carbonFeed.findUnique({ where: { zoneId_provider_signalType: { zoneId, provider, signalType } }, select: { id: true } });
}
