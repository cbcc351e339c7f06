/**
 * Poller for an Electricity Maps-compatible API (v3): latest, history (last 24 h) and forecast of the
 * average carbon intensity of a zone, with the `auth-token` header. Responses are validated with zod
 * before anything is written; measured hours are upserted per (zone, hour), forecasts per (zone,
 * hour, issue time) with forecastIssuedAt = the response's updatedAt (else the poll time). Only
 * zones configured for the AVERAGE signal with the matching emission-factor type accept this data.
 */
import { z } from "zod";
import type { Db } from "../db/client";
import {
  inTransaction,
  recordCarbonAudit,
  upsertForecastSamples,
  upsertMeasuredSamples,
  type NewIntensitySample,
  type UpsertCounts,
} from "../repositories/carbon-repository";
import { ELECTRICITY_MAPS_PROVIDER } from "./csv-import";
import { CarbonFeedError } from "./errors";
import { DEFAULT_RETRY_POLICY, fetchJsonWithRetry, type AttemptRecord, type FetchDeps, type RetryPolicy } from "./http-fetch";
import { hourStart, validateResponse } from "./response-validation";
import { requireMatchingZone } from "./zone-guard";

/** Feed settings (plain config until feeds get a table; see the report). */
export interface ElectricityMapsFeedConfig {
  /** e.g. "https://api.electricitymap.org". */
  baseUrl: string;
  authToken: string;
  retry?: Partial<RetryPolicy>;
  /** API zone ids that differ from Verdant's (e.g. { DE: "DE" }); default: the same id. */
  apiZoneIds?: Record<string, string>;
}

const point = z.object({
  carbonIntensity: z.number().nonnegative().nullable(),
  datetime: z.string(),
  isEstimated: z.boolean().optional(),
  estimationMethod: z.string().nullable().optional(),
  emissionFactorType: z.enum(["lifecycle", "direct"]).optional(),
});
const latestSchema = point.extend({ zone: z.string(), updatedAt: z.string().optional() });
const historySchema = z.object({ zone: z.string(), history: z.array(point) });
const forecastSchema = z.object({
  zone: z.string(),
  forecast: z.array(point.pick({ carbonIntensity: true, datetime: true })),
  updatedAt: z.string().optional(),
});

/** What a poll stored. */
export interface PollResult extends UpsertCounts {
  zoneId: string;
  kind: "MEASURED" | "FORECAST";
  /** Hours the API returned without a value (carbonIntensity null). */
  skippedNull: number;
  forecastIssuedAt: Date | null;
  attempts: AttemptRecord[];
}

type Endpoint = "latest" | "history" | "forecast";
type Point = z.infer<typeof point>;

/** The validated response of one endpoint: its points, the zone it is for and its update time. */
interface ParsedResponse {
  points: Pick<Point, "carbonIntensity" | "datetime" | "isEstimated" | "estimationMethod" | "emissionFactorType">[];
  responseZone: string;
  updatedAt: string | undefined;
  /** The response field the points came from, for error messages. */
  field: string;
}

/** Validates the body of `endpoint` with its schema. */
function parseResponse(endpoint: Endpoint, body: unknown, what: string): ParsedResponse {
  if (endpoint === "latest") {
    const r = validateResponse(latestSchema, body, what);
    return { points: [r], responseZone: r.zone, updatedAt: r.updatedAt, field: "datetime" };
  }
  if (endpoint === "history") {
    const r = validateResponse(historySchema, body, what);
    return { points: r.history, responseZone: r.zone, updatedAt: undefined, field: "history" };
  }
  const r = validateResponse(forecastSchema, body, what);
  return { points: r.forecast, responseZone: r.zone, updatedAt: r.updatedAt, field: "forecast" };
}

/** Refuses a response for another zone or with another emission-factor type than the zone stores. */
function checkResponse(parsed: ParsedResponse, endpoint: Endpoint, apiZone: string, zoneId: string, factor: "lifecycle" | "direct", what: string): void {
  if (parsed.responseZone !== apiZone)
    throw new CarbonFeedError("ZONE_MISMATCH", `${what}: the response is for zone "${parsed.responseZone}", not "${apiZone}"; nothing was written`, {
      field: "zone",
    });
  const wrongFactor = parsed.points.findIndex((p) => p.emissionFactorType !== undefined && p.emissionFactorType !== factor);
  if (wrongFactor >= 0) {
    throw new CarbonFeedError(
      "EMISSION_FACTOR_MISMATCH",
      `${what}: ${endpoint === "latest" ? "" : `${parsed.field}[${wrongFactor}].`}emissionFactorType is "${parsed.points[wrongFactor]?.emissionFactorType}" but zone ${zoneId} stores ${factor}; nothing was written`,
      { field: "emissionFactorType" },
    );
  }
}

/** The rows to store (hours without a value are counted, not stored). */
function sampleRows(
  parsed: ParsedResponse,
  endpoint: Endpoint,
  zone: { id: string; emissionFactorType: NewIntensitySample["emissionFactorType"] },
  issuedAt: Date | null,
  what: string,
): { rows: NewIntensitySample[]; skippedNull: number } {
  const forecast = endpoint === "forecast";
  const rows: NewIntensitySample[] = [];
  let skippedNull = 0;
  parsed.points.forEach((p, i) => {
    const at = hourStart(p.datetime, endpoint === "latest" ? "datetime" : `${parsed.field}[${i}].datetime`, what);
    if (p.carbonIntensity === null) {
      skippedNull++;
      return;
    }
    rows.push({
      zoneId: zone.id,
      at,
      gCo2ePerKwh: p.carbonIntensity,
      kind: forecast ? "FORECAST" : "MEASURED",
      signalType: "AVERAGE",
      emissionFactorType: zone.emissionFactorType,
      provider: ELECTRICITY_MAPS_PROVIDER,
      source: `${ELECTRICITY_MAPS_PROVIDER} API ${endpoint}${p.estimationMethod ? ` (${p.estimationMethod})` : ""}`,
      // A forecast is an estimate by nature; measured hours carry the API's flag.
      estimated: forecast || p.isEstimated === true,
      forecastIssuedAt: issuedAt,
    });
  });
  return { rows, skippedNull };
}

/** The forecast's issue time: the response's updatedAt, else the poll time; null for measured data. */
function issueTime(endpoint: Endpoint, updatedAt: string | undefined, deps: FetchDeps, what: string): Date | null {
  if (endpoint !== "forecast") return null;
  const issuedAt = new Date(updatedAt ? Date.parse(updatedAt) : deps.now());
  if (Number.isNaN(issuedAt.getTime()))
    throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: updatedAt "${updatedAt}" is not a date-time; nothing was written`, { field: "updatedAt" });
  return issuedAt;
}

async function poll(db: Db, config: ElectricityMapsFeedConfig, zoneId: string, endpoint: Endpoint, deps: FetchDeps): Promise<PollResult> {
  // Check the zone before spending a request (and a rate-limit token) on data it would refuse.
  // The API serves both emission-factor types; ask for the zone's own.
  const zone = await requireMatchingZone(db, zoneId, { provider: ELECTRICITY_MAPS_PROVIDER, signalType: "AVERAGE" });
  const factor = zone.emissionFactorType === "LIFECYCLE" ? "lifecycle" : "direct";
  const apiZone = config.apiZoneIds?.[zoneId] ?? zoneId;
  const url = new URL(`/v3/carbon-intensity/${endpoint}`, config.baseUrl);
  url.searchParams.set("zone", apiZone);
  url.searchParams.set("emissionFactorType", factor);
  const what = `Electricity Maps ${endpoint} for ${zoneId}`;
  const { body, attempts } = await fetchJsonWithRetry(url.toString(), { "auth-token": config.authToken }, { ...DEFAULT_RETRY_POLICY, ...config.retry }, deps);
  const parsed = parseResponse(endpoint, body, what);
  checkResponse(parsed, endpoint, apiZone, zoneId, factor, what);
  const issuedAt = issueTime(endpoint, parsed.updatedAt, deps, what);
  const { rows, skippedNull } = sampleRows(parsed, endpoint, { id: zoneId, emissionFactorType: zone.emissionFactorType }, issuedAt, what);
  const forecast = endpoint === "forecast";
  const counts = await inTransaction(db, async (tx) => {
    const c = forecast ? await upsertForecastSamples(tx, rows) : await upsertMeasuredSamples(tx, rows);
    await recordCarbonAudit(tx, {
      actorId: null,
      action: `carbon.poll-${endpoint}`,
      zoneId,
      after: { provider: ELECTRICITY_MAPS_PROVIDER, ...c, skippedNull, attempts: attempts.length },
    });
    return c;
  });
  return { zoneId, kind: forecast ? "FORECAST" : "MEASURED", ...counts, skippedNull, forecastIssuedAt: issuedAt, attempts };
}

/** Polls the latest hour (stored as measured). */
export const pollElectricityMapsLatest = (db: Db, config: ElectricityMapsFeedConfig, zoneId: string, deps: FetchDeps) =>
  poll(db, config, zoneId, "latest", deps);
/** Polls the last 24 hours (stored as measured, replacing earlier values of the same hours). */
export const pollElectricityMapsHistory = (db: Db, config: ElectricityMapsFeedConfig, zoneId: string, deps: FetchDeps) =>
  poll(db, config, zoneId, "history", deps);
/** Polls the forecast (stored as forecast with its issue time). */
export const pollElectricityMapsForecast = (db: Db, config: ElectricityMapsFeedConfig, zoneId: string, deps: FetchDeps) =>
  poll(db, config, zoneId, "forecast", deps);
