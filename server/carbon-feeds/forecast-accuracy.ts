/**
 * How good stored forecasts were: each forecast hour is compared with the value later measured for
 * the same hour, grouped by horizon (hours between issue and target). MAE is in gCO2e/kWh; MAPE in %,
 * leaving out hours measured as 0 (a percentage of zero is undefined), counted separately.
 */
import type { Db } from "../db/client";
import { listSamples } from "../repositories/carbon-repository";

/** A horizon bucket [fromHours, toHours). */
export interface HorizonBucket {
  fromHours: number;
  toHours: number;
}

/** Default buckets: 0-6 h, 6-12 h, 12-24 h, 24-48 h, 48-168 h. */
export const DEFAULT_HORIZON_BUCKETS: HorizonBucket[] = [
  { fromHours: 0, toHours: 6 },
  { fromHours: 6, toHours: 12 },
  { fromHours: 12, toHours: 24 },
  { fromHours: 24, toHours: 48 },
  { fromHours: 48, toHours: 168 },
];

/** Accuracy of one bucket; null metrics when it has no pairs. */
export interface BucketAccuracy extends HorizonBucket {
  pairs: number;
  maeGCo2ePerKwh: number | null;
  mapePct: number | null;
  /** Pairs left out of MAPE because the measured value was 0. */
  excludedFromMape: number;
}

/** Accuracy report. */
export interface ForecastAccuracy {
  buckets: BucketAccuracy[];
  /** Forecast hours with no measurement yet, or outside every bucket. */
  unmatched: number;
}

/** Minimal shapes the computation needs. */
export interface ForecastPoint {
  at: Date;
  gCo2ePerKwh: number;
  forecastIssuedAt: Date | null;
}
/** A measured hour. */
export interface MeasuredPoint {
  at: Date;
  gCo2ePerKwh: number;
}

/** Computes MAE and MAPE per horizon bucket (pure). */
export function computeForecastAccuracy(
  forecasts: ForecastPoint[],
  measured: MeasuredPoint[],
  buckets: HorizonBucket[] = DEFAULT_HORIZON_BUCKETS,
): ForecastAccuracy {
  const truth = new Map(measured.map((m) => [m.at.getTime(), m.gCo2ePerKwh]));
  const acc = buckets.map((b) => ({ ...b, pairs: 0, absSum: 0, pctSum: 0, pctN: 0, zero: 0 }));
  let unmatched = 0;
  for (const f of forecasts) {
    const actual = truth.get(f.at.getTime());
    const horizon = f.forecastIssuedAt ? (f.at.getTime() - f.forecastIssuedAt.getTime()) / 3_600_000 : NaN;
    const bucket = acc.find((b) => horizon >= b.fromHours && horizon < b.toHours);
    if (actual === undefined || !bucket) {
      unmatched++;
      continue;
    }
    const error = Math.abs(f.gCo2ePerKwh - actual);
    bucket.pairs++;
    bucket.absSum += error;
    if (actual === 0) bucket.zero++;
    else {
      bucket.pctSum += (100 * error) / actual;
      bucket.pctN++;
    }
  }
  return {
    buckets: acc.map((b) => ({
      fromHours: b.fromHours,
      toHours: b.toHours,
      pairs: b.pairs,
      maeGCo2ePerKwh: b.pairs ? b.absSum / b.pairs : null,
      mapePct: b.pctN ? b.pctSum / b.pctN : null,
      excludedFromMape: b.zero,
    })),
    unmatched,
  };
}

/** Loads a zone's forecasts for hours in [from, to) and the measured values, and compares them. */
export async function loadForecastAccuracy(db: Db, zoneId: string, from: Date, to: Date, buckets?: HorizonBucket[]): Promise<ForecastAccuracy> {
  const [forecasts, measured] = await Promise.all([listSamples(db, zoneId, "FORECAST", from, to), listSamples(db, zoneId, "MEASURED", from, to)]);
  return computeForecastAccuracy(forecasts, measured, buckets);
}
