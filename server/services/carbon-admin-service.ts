/**
 * Grid zones and carbon feeds for admins: coverage per zone, the static default, all-or-nothing CSV
 * imports with a per-line report, and HTTP feed settings whose signal type follows the provider and
 * must match the zone's (average and marginal intensities are never mixed).
 */
import { gunzipSync } from "node:zlib";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { CsvUpload, FeedForm } from "../schemas/carbon-admin";
import { MAX_CSV_CHARS } from "../schemas/carbon-admin";
import { isStorableText, unstorableTextMessage } from "../schemas/safe-input";
import { CarbonFeedError, importElectricityMapsCsv } from "../carbon-feeds";
import { findZoneSignal } from "../repositories/carbon-repository";
import { deleteFeed, findFeedByKey, listFeeds, listZoneCoverage, saveFeed, updateZoneDefault, updateZoneSignal } from "../repositories/carbon-admin-repository";
import { DomainError, fieldError } from "./errors";
import { assertFeedUrlAllowed } from "./feed-url-policy";

const DAY_MS = 86_400_000;
/** "Recent" coverage is measured over this many days before now. */
export const COVERAGE_DAYS = 30;

/** Zones with their static default and data coverage, and every feed (tokens left out). */
export async function getCarbonSettings(db: Db, now: Date) {
  const hourNow = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const [zones, feeds] = await Promise.all([listZoneCoverage(db, new Date(hourNow - COVERAGE_DAYS * DAY_MS), new Date(hourNow + 3_600_000)), listFeeds(db)]);
  const recentHours = COVERAGE_DAYS * 24 + 1;
  return {
    nowMs: now.getTime(),
    coverageDays: COVERAGE_DAYS,
    zones: zones.map((z) => ({ ...z, recentCoveragePct: (100 * Math.min(z.recentMeasuredHours, recentHours)) / recentHours })),
    feeds,
  };
}

export type CarbonSettings = Awaited<ReturnType<typeof getCarbonSettings>>;

/** Sets a zone's annual-average fallback (audited). */
export async function setZoneDefault(db: Db, actor: SessionUser, input: { zoneId: string; annualAverageGCo2ePerKwh: number }, now: Date) {
  const before = await updateZoneDefault(db, { ...input, actorId: actor.id, at: now });
  if (before === null) throw fieldError("zoneId", `Grid zone "${input.zoneId}" does not exist.`);
  return { zoneId: input.zoneId, before, after: input.annualAverageGCo2ePerKwh };
}

/**
 * Sets a zone's signal type (audited). Refused, naming the field, while the zone has a feed of the
 * other signal (an Electricity Maps feed is average, a WattTime feed marginal): its next poll would
 * be refused anyway, and the zone would silently stop getting data.
 */
export async function setZoneSignal(db: Db, actor: SessionUser, input: { zoneId: string; signalType: "AVERAGE" | "MARGINAL" }, now: Date) {
  const result = await updateZoneSignal(db, { ...input, actorId: actor.id, at: now });
  if (result === null) throw fieldError("zoneId", `Grid zone "${input.zoneId}" does not exist.`);
  if (result.conflicting.length > 0)
    throw fieldError(
      "signalType",
      `Grid zone "${input.zoneId}" has ${result.conflicting.join(", ")} feeds of the other signal; remove them before switching to ${input.signalType.toLowerCase()}.`,
    );
  return { zoneId: input.zoneId, before: result.before, after: input.signalType };
}

function decode(upload: CsvUpload): string {
  if (upload.encoding === "text") return upload.content;
  let text: string;
  try {
    text = gunzipSync(Buffer.from(upload.content, "base64"), { maxOutputLength: MAX_CSV_CHARS * 4 }).toString("utf8");
  } catch (error) {
    throw fieldError("content", `${upload.fileName} is not a readable gzip file (${(error as Error).message}).`);
  }
  if (text.length > MAX_CSV_CHARS) throw fieldError("content", `${upload.fileName} unpacks to more than ${MAX_CSV_CHARS / 1_000_000} MB of text.`);
  // The text form is checked by the input schema; the unpacked text gets the same rule here.
  if (!isStorableText(text)) throw fieldError("content", unstorableTextMessage(`${upload.fileName} (unpacked)`));
  return text;
}

const FIELD_OF_CODE: Partial<Record<CarbonFeedError["code"], string>> = {
  UNKNOWN_ZONE: "zoneId",
  ZONE_MISMATCH: "fileZoneId",
  SIGNAL_TYPE_MISMATCH: "zoneId",
  EMISSION_FACTOR_MISMATCH: "zoneId",
};

/**
 * Imports an Electricity Maps hourly CSV into a zone as measured data, all or nothing: with any bad
 * line nothing is written and the report lists every line's problem. The intensity column follows
 * the zone's emission-factor type (LCA for lifecycle, direct for direct).
 */
export async function importZoneCsv(db: Db, actor: SessionUser, upload: CsvUpload) {
  const zone = await findZoneSignal(db, upload.zoneId);
  if (!zone) throw fieldError("zoneId", `Grid zone "${upload.zoneId}" does not exist.`);
  const text = decode(upload);
  const column = zone.emissionFactorType === "LIFECYCLE" ? "lca" : "direct";
  try {
    const result = await importElectricityMapsCsv(db, {
      zoneId: zone.id,
      text,
      file: upload.fileName,
      column,
      fileZoneId: upload.fileZoneId || undefined,
      actorId: actor.id,
    });
    return { zoneId: zone.id, column, ...result };
  } catch (error) {
    if (error instanceof CarbonFeedError) throw fieldError(FIELD_OF_CODE[error.code] ?? "content", error.message);
    throw error;
  }
}

const SIGNAL_OF_PROVIDER = { ELECTRICITY_MAPS: "AVERAGE", WATTTIME: "MARGINAL" } as const;
const PROVIDER_NAME = { ELECTRICITY_MAPS: "Electricity Maps", WATTTIME: "WattTime" } as const;

/** Creates or updates an HTTP feed (audited); the token is never returned. */
export async function saveCarbonFeed(db: Db, actor: SessionUser, form: FeedForm, now: Date) {
  await assertFeedUrlAllowed(db, form.baseUrl);
  const zone = await findZoneSignal(db, form.zoneId);
  if (!zone) throw fieldError("zoneId", `Grid zone "${form.zoneId}" does not exist.`);
  const signalType = SIGNAL_OF_PROVIDER[form.provider];
  if (zone.signalType !== signalType) {
    throw fieldError(
      "provider",
      `${PROVIDER_NAME[form.provider]} provides a ${signalType.toLowerCase()} signal but zone ${zone.id} uses ${zone.signalType.toLowerCase()} intensity; average and marginal data are never mixed in one zone.`,
    );
  }
  const clash = await findFeedByKey(db, zone.id, form.provider, signalType);
  if (clash && clash.id !== form.id) throw fieldError("provider", `Zone ${zone.id} already has a ${PROVIDER_NAME[form.provider]} feed; edit that one.`);
  const saved = await saveFeed(
    db,
    form.id,
    {
      zoneId: zone.id,
      provider: form.provider,
      signalType,
      baseUrl: form.baseUrl,
      apiToken: form.clearToken ? null : form.apiToken === "" ? undefined : form.apiToken,
      externalZone: form.externalZone || null,
      pollIntervalS: form.pollIntervalS,
      enabled: form.enabled,
    },
    actor.id,
    now,
  );
  if (!saved) throw new DomainError("NOT_FOUND", "That feed no longer exists.");
  return saved;
}

/** Removes a feed (audited). */
export async function removeCarbonFeed(db: Db, actor: SessionUser, id: string, now: Date) {
  if (!(await deleteFeed(db, id, actor.id, now))) throw new DomainError("NOT_FOUND", "That feed no longer exists.");
  return { id };
}
