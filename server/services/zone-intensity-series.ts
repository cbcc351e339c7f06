/**
 * The hourly intensity series the scheduler sees per zone, each hour labelled with where its value
 * comes from: `measured` (a past hour a feed measured), `provider-forecast` (the newest forecast a
 * feed issued for the hour, with its issue time; demo forecasts are marked synthetic), else
 * `verdant-forecast` (the engine's forecaster fitted on the zone's measured history, with its model
 * name and issue time), else `annual-average` (the zone's static fallback).
 */
import { createIntensitySeries, HOUR_MS, type HourProvenance, type IntensitySeries } from "../engine";
import { isSyntheticProvider } from "../carbon-feeds/synthetic";
import type { ZoneFill } from "./zone-forecast-fill";

/** A stored sample as the series needs it (measured or forecast). */
export interface SeriesSample {
  zoneId: string;
  at: Date;
  gCo2ePerKwh: number;
  kind: "MEASURED" | "FORECAST";
  signalType: "AVERAGE" | "MARGINAL";
  provider: string;
  forecastIssuedAt: Date | null;
}

/** A zone as the series needs it. */
export interface SeriesZone {
  id: string;
  signalType: "AVERAGE" | "MARGINAL";
  emissionFactorType: "LIFECYCLE" | "DIRECT";
  annualAverageGCo2ePerKwh: number;
}

/** Provider named for annual-average hours (the zone's static figure, no feed). */
export const ANNUAL_AVERAGE_PROVIDER = "zone annual average";

/**
 * Groups samples by zone and hour once (the query returns measured first, newest forecast first),
 * keeping only samples of their zone's current signal type: after an admin switches a zone between
 * average and marginal, the other signal's stored samples are not mixed into its series.
 */
export function indexSamples<T extends SeriesSample>(
  samples: readonly T[],
  zones: readonly SeriesZone[],
): (zoneId: string, at: number, nowMs: number) => T | undefined {
  const signalOf = new Map(zones.map((z) => [z.id, z.signalType]));
  const byKey = new Map<string, T[]>();
  for (const s of samples) {
    if (signalOf.get(s.zoneId) !== s.signalType) continue;
    const key = `${s.zoneId}@${s.at.getTime()}`;
    const list = byKey.get(key);
    if (list) list.push(s);
    else byKey.set(key, [s]);
  }
  // Measured beats forecast for past hours; among forecasts the latest issue (sorted first) wins.
  return (zoneId, at, nowMs) => {
    const forZone = byKey.get(`${zoneId}@${at}`) ?? [];
    return forZone.find((s) => s.kind === "MEASURED" && at < nowMs) ?? forZone.find((s) => s.kind === "FORECAST") ?? forZone.find((s) => s.kind === "MEASURED");
  };
}

/** Provenance of one hour from its sample, the forecaster's fill or the annual fallback. */
function hourProvenance(
  sample: SeriesSample | undefined,
  fill: ZoneFill | null,
  base: Pick<HourProvenance, "signalType" | "emissionFactorType">,
): HourProvenance {
  if (sample?.kind === "MEASURED") return { kind: "measured", provider: sample.provider, ...base };
  if (sample)
    return {
      kind: "provider-forecast",
      provider: sample.provider,
      ...base,
      ...(sample.forecastIssuedAt ? { forecastIssuedAtMs: sample.forecastIssuedAt.getTime() } : {}),
      ...(isSyntheticProvider(sample.provider) ? { synthetic: true } : {}),
    };
  if (fill) return { kind: "verdant-forecast", provider: "verdant", model: fill.model, forecastIssuedAtMs: fill.issuedAtMs, ...base };
  return { kind: "annual-average", provider: ANNUAL_AVERAGE_PROVIDER, ...base };
}

/** Builds one zone's series over `hours` hours from `hour0`. */
export function buildZoneSeries(
  zone: SeriesZone,
  pick: (zoneId: string, at: number, nowMs: number) => SeriesSample | undefined,
  fill: ZoneFill | null,
  hour0: number,
  hours: number,
  nowMs: number,
): IntensitySeries {
  const base = {
    signalType: zone.signalType === "MARGINAL" ? ("marginal" as const) : ("average" as const),
    emissionFactorType: zone.emissionFactorType === "DIRECT" ? ("direct" as const) : ("lifecycle" as const),
  };
  const values: number[] = [];
  const provenance: HourProvenance[] = [];
  for (let h = 0; h < hours; h++) {
    const sample = pick(zone.id, hour0 + h * HOUR_MS, nowMs);
    values.push(sample?.gCo2ePerKwh ?? fill?.values[h] ?? zone.annualAverageGCo2ePerKwh);
    provenance.push(hourProvenance(sample, fill, base));
  }
  return createIntensitySeries({ zone: zone.id, startMs: hour0, gCo2ePerKwh: values, provenance });
}
