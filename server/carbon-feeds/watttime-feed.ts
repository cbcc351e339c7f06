/**
 * Adapter for a WattTime-style marginal feed (v3): `/v3/forecast` and `/v3/historical` with
 * signal_type=co2_moer, 5-minute points of the marginal operating emissions rate in lbs CO2/MWh.
 * Converted to gCO2e/kWh (1 lb/MWh = 453.592 g / 1000 kWh = 0.453592 g/kWh), averaged per hour
 * (our samples are hourly) and stored with signalType MARGINAL and DIRECT factors (MOER counts the
 * marginal generator's stack emissions). Only zones configured as MARGINAL/DIRECT accept it: a
 * marginal value is never stored in an average zone.
 */
import { z } from "zod";
import type { Db } from "../db/client";
import { inTransaction, recordCarbonAudit, upsertForecastSamples, upsertMeasuredSamples, type NewIntensitySample } from "../repositories/carbon-repository";
import { CarbonFeedError } from "./errors";
import { DEFAULT_RETRY_POLICY, fetchJsonWithRetry, type FetchDeps, type RetryPolicy } from "./http-fetch";
import type { PollResult } from "./electricitymaps-feed";
import { validateResponse } from "./response-validation";
import { requireMatchingZone } from "./zone-guard";

/** Provider name stored on WattTime samples. */
export const WATTTIME_PROVIDER = "WattTime";

/** gCO2e/kWh per lb/MWh. */
export const G_PER_KWH_PER_LB_PER_MWH = 0.453592;

/** Converts a MOER in lbs CO2/MWh to gCO2e/kWh. */
export function lbsPerMwhToGPerKwh(lbsPerMwh: number): number {
  return lbsPerMwh * G_PER_KWH_PER_LB_PER_MWH;
}

/** Feed settings. */
export interface WattTimeFeedConfig {
  baseUrl: string;
  /** Bearer token (WattTime issues one from /login; refreshing it is the caller's job). */
  token: string;
  /** WattTime region per Verdant zone id, e.g. { "US-CAL-CISO-MARGINAL": "CAISO_NORTH" }. */
  regions: Record<string, string>;
  retry?: Partial<RetryPolicy>;
}

const responseSchema = z.object({
  data: z.array(z.object({ point_time: z.string(), value: z.number().nonnegative() })),
  meta: z.object({
    region: z.string(),
    signal_type: z.literal("co2_moer"),
    units: z.string(),
    generated_at: z.string().optional(),
  }),
});

/** Hourly means of 5-minute points, oldest first; `field` names the bad point in errors. */
export function hourlyMeans(points: { point_time: string; value: number }[], what: string): { at: Date; value: number; points: number }[] {
  const hours = new Map<number, { sum: number; n: number }>();
  points.forEach((p, i) => {
    const ms = Date.parse(p.point_time);
    if (Number.isNaN(ms))
      throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: data[${i}].point_time "${p.point_time}" is not a date-time; nothing was written`, {
        field: `data[${i}].point_time`,
      });
    const hour = Math.floor(ms / 3_600_000) * 3_600_000;
    const h = hours.get(hour) ?? { sum: 0, n: 0 };
    h.sum += p.value;
    h.n++;
    hours.set(hour, h);
  });
  return [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([ms, h]) => ({ at: new Date(ms), value: h.sum / h.n, points: h.n }));
}

async function pollWattTime(
  db: Db,
  config: WattTimeFeedConfig,
  zoneId: string,
  kind: "forecast" | "historical",
  range: { start: Date; end: Date } | null,
  deps: FetchDeps,
): Promise<PollResult> {
  await requireMatchingZone(db, zoneId, { provider: WATTTIME_PROVIDER, signalType: "MARGINAL", emissionFactorType: "DIRECT" });
  const region = config.regions[zoneId];
  if (!region) throw new CarbonFeedError("CONFIG", `WattTime feed: no region configured for zone ${zoneId} (config.regions)`, { field: "regions", zoneId });
  const url = new URL(`/v3/${kind}`, config.baseUrl);
  url.searchParams.set("region", region);
  url.searchParams.set("signal_type", "co2_moer");
  if (range) {
    url.searchParams.set("start", range.start.toISOString());
    url.searchParams.set("end", range.end.toISOString());
  }
  const what = `WattTime ${kind} for ${zoneId} (${region})`;
  const { body, attempts } = await fetchJsonWithRetry(
    url.toString(),
    { authorization: `Bearer ${config.token}` },
    { ...DEFAULT_RETRY_POLICY, ...config.retry },
    deps,
  );
  const r = validateResponse(responseSchema, body, what);
  if (r.meta.units !== "lbs_co2_per_mwh")
    throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: meta.units is "${r.meta.units}"; only lbs_co2_per_mwh is understood; nothing was written`, {
      field: "meta.units",
    });
  if (r.meta.region !== region)
    throw new CarbonFeedError("ZONE_MISMATCH", `${what}: meta.region is "${r.meta.region}", not "${region}"; nothing was written`, { field: "meta.region" });
  const forecast = kind === "forecast";
  const issuedMs = r.meta.generated_at ? Date.parse(r.meta.generated_at) : deps.now();
  if (Number.isNaN(issuedMs))
    throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: meta.generated_at "${r.meta.generated_at}" is not a date-time; nothing was written`, {
      field: "meta.generated_at",
    });
  const rows: NewIntensitySample[] = hourlyMeans(r.data, what).map((h) => ({
    zoneId,
    at: h.at,
    gCo2ePerKwh: Math.round(lbsPerMwhToGPerKwh(h.value) * 1000) / 1000,
    kind: forecast ? "FORECAST" : "MEASURED",
    signalType: "MARGINAL",
    emissionFactorType: "DIRECT",
    provider: WATTTIME_PROVIDER,
    source: `WattTime ${kind} ${region} co2_moer (hourly mean of ${h.points} points)`,
    estimated: forecast,
    forecastIssuedAt: forecast ? new Date(issuedMs) : null,
  }));
  const counts = await inTransaction(db, async (tx) => {
    const c = forecast ? await upsertForecastSamples(tx, rows) : await upsertMeasuredSamples(tx, rows);
    await recordCarbonAudit(tx, {
      actorId: null,
      action: `carbon.poll-watttime-${kind}`,
      zoneId,
      after: { provider: WATTTIME_PROVIDER, region, ...c, attempts: attempts.length },
    });
    return c;
  });
  return { zoneId, kind: forecast ? "FORECAST" : "MEASURED", ...counts, skippedNull: 0, forecastIssuedAt: forecast ? new Date(issuedMs) : null, attempts };
}

/** Polls the MOER forecast of a marginal zone. */
export const pollWattTimeForecast = (db: Db, config: WattTimeFeedConfig, zoneId: string, deps: FetchDeps) =>
  pollWattTime(db, config, zoneId, "forecast", null, deps);
/** Polls measured MOER history of a marginal zone for [start, end). */
export const pollWattTimeHistorical = (db: Db, config: WattTimeFeedConfig, zoneId: string, range: { start: Date; end: Date }, deps: FetchDeps) =>
  pollWattTime(db, config, zoneId, "historical", range, deps);
