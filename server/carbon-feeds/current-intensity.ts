/**
 * The intensity to use for a zone at an instant, with where it comes from: the latest measured value
 * if it is recent, else the newest forecast for that hour, else the zone's static annual average —
 * labelled as such, so nobody mistakes a default for a measurement.
 */
import type { Db } from "../db/client";
import { findLatestMeasured, findZoneSignal, listSamples } from "../repositories/carbon-repository";
import { CarbonFeedError } from "./errors";
import { isSyntheticProvider, SYNTHETIC_DEMO_SOURCE } from "./synthetic";

/** Where the value comes from (the provenance kinds of the engine's series; the current hour never needs Verdant's own forecast). */
export type IntensityBasis = "measured" | "provider-forecast" | "annual-average";

/** A zone's intensity at an instant with its provenance. */
export interface CurrentIntensity {
  zoneId: string;
  gCo2ePerKwh: number;
  basis: IntensityBasis;
  /** Human-readable provenance, e.g. "annual average (static default: no feed data)". */
  label: string;
  /** Hour the value covers; null for the annual average. */
  at: Date | null;
  provider: string | null;
  /** For a forecast: when it was issued. */
  forecastIssuedAt: Date | null;
  /** True for synthetic demo values (not a provider's data). */
  synthetic: boolean;
  signalType: "AVERAGE" | "MARGINAL";
  emissionFactorType: "LIFECYCLE" | "DIRECT";
}

const HOUR_MS = 3_600_000;

/** Resolves the intensity of `zoneId` at `at`; a measurement older than `maxAgeHours` (default 3) is stale. */
export async function resolveCurrentIntensity(db: Db, zoneId: string, at: Date, options: { maxAgeHours?: number } = {}): Promise<CurrentIntensity> {
  const zone = await findZoneSignal(db, zoneId);
  if (!zone) throw new CarbonFeedError("UNKNOWN_ZONE", `grid zone "${zoneId}" does not exist`, { zoneId });
  const base = { zoneId, signalType: zone.signalType, emissionFactorType: zone.emissionFactorType };
  const measured = await findLatestMeasured(db, zoneId, at);
  const maxAgeMs = (options.maxAgeHours ?? 3) * HOUR_MS;
  if (measured && at.getTime() - measured.at.getTime() < maxAgeMs) {
    return {
      ...base,
      gCo2ePerKwh: measured.gCo2ePerKwh,
      basis: "measured",
      label: `measured (${measured.provider}${measured.estimated ? ", estimated" : ""})`,
      at: measured.at,
      provider: measured.provider,
      forecastIssuedAt: null,
      synthetic: isSyntheticProvider(measured.provider),
    };
  }
  const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  const forecasts = (await listSamples(db, zoneId, "FORECAST", hour, new Date(hour.getTime() + HOUR_MS))).filter(
    (f) => (f.forecastIssuedAt?.getTime() ?? Infinity) <= at.getTime(),
  );
  const newest = forecasts[forecasts.length - 1];
  if (newest) {
    return {
      ...base,
      gCo2ePerKwh: newest.gCo2ePerKwh,
      basis: "provider-forecast",
      label: `${isSyntheticProvider(newest.provider) ? `synthetic forecast (${SYNTHETIC_DEMO_SOURCE})` : `forecast (${newest.provider})`}, issued ${newest.forecastIssuedAt?.toISOString()}`,
      at: newest.at,
      provider: newest.provider,
      forecastIssuedAt: newest.forecastIssuedAt,
      synthetic: isSyntheticProvider(newest.provider),
    };
  }
  return {
    ...base,
    gCo2ePerKwh: zone.annualAverageGCo2ePerKwh,
    basis: "annual-average",
    label: measured
      ? `annual average (static default: last measurement ${measured.at.toISOString()} is stale)`
      : "annual average (static default: no feed data)",
    at: null,
    provider: null,
    forecastIssuedAt: null,
    synthetic: false,
  };
}
