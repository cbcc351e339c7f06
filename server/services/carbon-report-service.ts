/**
 * The operator Carbon page: intensity history and forecast per zone with provenance and forecast
 * accuracy, emissions by cluster, tenant and day (JobEnergyHour), and the savings ledger against
 * the carbon-agnostic baseline (CarbonSavingsEntry).
 */
import type { Db } from "../db/client";
import {
  listZones,
  readEmissionsByCluster,
  readEmissionsByDay,
  readEmissionsBySource,
  readEmissionsByTenant,
  readIntensitySeries,
  readLedgerEntries,
  readLedgerMethods,
  readLedgerTotals,
  readProvenance,
  type Period,
} from "../repositories/carbon-report-repository";
import { readIntensityFingerprints } from "../repositories/intensity-fingerprint-repository";
import { cachedForecastAccuracy } from "./forecast-accuracy-cache";
import { FORECASTER_PROVIDER, forecastFills } from "./zone-forecast-fill";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Forecast accuracy is measured over this many past days. */
export const ACCURACY_DAYS = 30;

/** One hour of a zone's chart: the measured value and/or the latest forecast for it. */
export interface IntensityPoint {
  atMs: number;
  measured: number | null;
  forecast: number | null;
}

/** Per zone: the curve around now, where it came from, and how good its forecasts were. */
export async function getIntensityReport(db: Db, now: Date, historyDays: number, forecastHours: number) {
  const hourNow = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const from = new Date(hourNow - historyDays * DAY_MS);
  const to = new Date(hourNow + (forecastHours + 1) * HOUR_MS);
  const accuracyFrom = new Date(hourNow - ACCURACY_DAYS * DAY_MS);
  const accuracyTo = new Date(hourNow + HOUR_MS);
  const [zones, series, provenance, fingerprints] = await Promise.all([
    listZones(db),
    readIntensitySeries(db, from, to),
    readProvenance(db, from, to),
    readIntensityFingerprints(db, accuracyFrom, accuracyTo),
  ]);
  // Accuracy (computed again only when the zone's samples change) and the forecaster's fills (cached per hour) side by side.
  const [accuracy, fills] = await Promise.all([
    Promise.all(zones.map((z) => cachedForecastAccuracy(db, z.id, accuracyFrom, accuracyTo, fingerprints.get(z.id) ?? "none"))),
    // Future hours no feed forecasts are shown as the scheduler sees them: the engine's forecaster.
    forecastFills(db, zones, hourNow, forecastHours + 1, now.getTime()),
  ]);
  return {
    nowMs: now.getTime(),
    fromMs: from.getTime(),
    toMs: to.getTime(),
    zones: zones.map((zone, i) => {
      const byHour = new Map<number, IntensityPoint>();
      for (const s of series) {
        if (s.zoneId !== zone.id) continue;
        const atMs = s.at.getTime();
        const point = byHour.get(atMs) ?? { atMs, measured: null, forecast: null };
        if (s.kind === "MEASURED") point.measured = s.value;
        else point.forecast = s.value;
        byHour.set(atMs, point);
      }
      const fill = fills.get(zone.id);
      let filled = 0;
      fill?.values.forEach((value, h) => {
        const atMs = hourNow + h * HOUR_MS;
        const point = byHour.get(atMs) ?? { atMs, measured: null, forecast: null };
        if (point.measured !== null || point.forecast !== null) return;
        point.forecast = value;
        byHour.set(atMs, point);
        filled++;
      });
      const forecaster =
        filled > 0
          ? [
              {
                provider: FORECASTER_PROVIDER,
                signalType: zone.signalType as string,
                emissionFactorType: zone.emissionFactorType as string,
                kind: "FORECAST" as const,
                hours: filled,
              },
            ]
          : [];
      const points = [...byHour.values()].sort((a, b) => a.atMs - b.atMs);
      const latest = points.filter((p) => p.measured !== null && p.atMs <= hourNow).at(-1) ?? null;
      return {
        ...zone,
        points,
        latestMeasured: latest ? { atMs: latest.atMs, gCo2ePerKwh: latest.measured as number } : null,
        sources: [...provenance.filter((p) => p.zoneId === zone.id).map(({ zoneId: _zone, ...rest }) => rest), ...forecaster],
        accuracy: accuracy[i]!,
      };
    }),
  };
}

export type IntensityReport = Awaited<ReturnType<typeof getIntensityReport>>;

/** The period ending now of `days` days, in the viewer's time zone. */
export function periodOf(now: Date, days: number, tz: string): Period {
  return { from: new Date(now.getTime() - days * DAY_MS), to: now, tz };
}

/** Energy and emissions of the period by cluster, tenant, day and intensity source, with totals. */
export async function getEmissionsReport(db: Db, period: Period) {
  const [byCluster, byTenant, byDay, bySource] = await Promise.all([
    readEmissionsByCluster(db, period),
    readEmissionsByTenant(db, period),
    readEmissionsByDay(db, period),
    readEmissionsBySource(db, period),
  ]);
  const total = bySource.reduce(
    (t, s) => ({
      itEnergyKwh: t.itEnergyKwh + s.itEnergyKwh,
      facilityEnergyKwh: t.facilityEnergyKwh + s.facilityEnergyKwh,
      emissionsGCo2e: t.emissionsGCo2e + s.emissionsGCo2e,
    }),
    { itEnergyKwh: 0, facilityEnergyKwh: 0, emissionsGCo2e: 0 },
  );
  // Jobs are counted once even when they ran in several sources' hours.
  const jobs = byTenant.reduce((n, t) => n + t.jobs, 0);
  return { fromMs: period.from.getTime(), toMs: period.to.getTime(), tz: period.tz, total: { ...total, jobs }, byCluster, byTenant, byDay, bySource };
}

export type EmissionsReport = Awaited<ReturnType<typeof getEmissionsReport>>;

/** The savings ledger of the period: totals per day, tenant and cluster, and one page of entries. */
export async function getSavingsLedger(db: Db, period: Period, page: number, pageSize: number) {
  const [byDay, byTenant, byCluster, methods, entries] = await Promise.all([
    readLedgerTotals(db, period, "day"),
    readLedgerTotals(db, period, "tenant"),
    readLedgerTotals(db, period, "cluster"),
    readLedgerMethods(db, period),
    readLedgerEntries(db, period, page, pageSize),
  ]);
  const total = byDay.reduce(
    (t, d) => ({
      actualGCo2e: t.actualGCo2e + d.actualGCo2e,
      baselineGCo2e: t.baselineGCo2e + d.baselineGCo2e,
      baselineMinGCo2e: t.baselineMinGCo2e + d.baselineMinGCo2e,
      baselineMaxGCo2e: t.baselineMaxGCo2e + d.baselineMaxGCo2e,
      savedGCo2e: t.savedGCo2e + d.savedGCo2e,
      jobs: t.jobs + d.jobs,
    }),
    { actualGCo2e: 0, baselineGCo2e: 0, baselineMinGCo2e: 0, baselineMaxGCo2e: 0, savedGCo2e: 0, jobs: 0 },
  );
  const pctOf = (baseline: number) => (baseline > 0 ? (100 * (baseline - total.actualGCo2e)) / baseline : null);
  return {
    fromMs: period.from.getTime(),
    toMs: period.to.getTime(),
    tz: period.tz,
    // The saved share if every baseline were its lowest / highest candidate: the uncertainty of the mix.
    total: { ...total, savedPct: pctOf(total.baselineGCo2e), savedPctRange: { low: pctOf(total.baselineMinGCo2e), high: pctOf(total.baselineMaxGCo2e) } },
    byDay,
    byTenant,
    byCluster,
    methods,
    entries: entries.rows,
    page,
    pageSize,
    totalEntries: entries.total,
  };
}

export type SavingsLedger = Awaited<ReturnType<typeof getSavingsLedger>>;
