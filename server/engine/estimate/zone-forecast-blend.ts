/**
 * Day-ahead carbon-intensity forecaster that learns each zone's own blend: for every hour ahead k it
 * predicts the value as the last 24 h mean m plus a linear mix of how far what is known at issue time
 * sits from that mean,
 *
 *   y(t+k) ~ m + w0 + w1 (now - m) + w2 (same hour of the latest measured day - m)
 *              + w3 (same hour a week back - m) + w4 (hour-of-day profile of the last week - m),
 *
 * with the weights fitted by ridge least squares on the zone's trailing history only (every issue hour
 * of the last `fitDays` days whose target hour was already measured). Nothing is fixed per zone: the
 * same code fits a solar grid (where "now" says little about noon tomorrow and the profile says a lot)
 * and a wind or hydro grid (where persistence carries the first hours), and it keeps refitting as
 * seasons change. Fitting is separated from forecasting so a caller can refit once a day and forecast
 * every hour. Values never go below 0.
 */

/** Name and version recorded with the hours this forecaster fills. */
export const ZONE_BLEND_FORECAST_MODEL = "seasonal-blend-ls@2";

const FEATURES = 7;
const DAY = 24;
const WEEK = 168;
/** Days in the hour-of-day profile. */
const PROFILE_DAYS = 7;

/** Tuning of {@link fitZoneBlend}. Defaults were chosen on 2021-2022 data only (docs/benchmarks/carbon-held-out.md). */
export interface ZoneBlendOptions {
  /** Days of trailing history the weights are fitted on (default 56). */
  readonly fitDays?: number;
  /** Ridge penalty relative to the mean squared feature value (default 0.03): keeps weights finite on flat stretches. */
  readonly ridge?: number;
  /** Re-fits with Huber weights after the first least-squares pass (default 1). */
  readonly robustPasses?: number;
}

/** Fitted weights per hour ahead (index k - 1), and the hour index they were fitted at. */
export interface ZoneBlendModel {
  readonly fittedAtHour: number;
  readonly weights: readonly Float64Array[];
}

/** Least history (hours) the blend needs: a week back plus the profile plus a few days to fit on. */
export const ZONE_BLEND_MIN_HISTORY_HOURS = WEEK + PROFILE_DAYS * DAY + 7 * DAY;

/**
 * Writes the features of target hour `n - 1 + k` issued with hours [0, n) known into `out` (deviations
 * from the last 24 h mean, so the ridge pulls an uncertain forecast toward that mean) and returns the mean.
 */
function features(y: readonly number[], n: number, k: number, out: Float64Array): number {
  const target = n - 1 + k;
  const dayBack = DAY * Math.ceil(k / DAY);
  const weekBack = WEEK * Math.ceil(k / WEEK);
  let profile = 0;
  for (let d = 0; d < PROFILE_DAYS; d++) profile += y[target - dayBack - d * DAY] as number;
  let mean = 0;
  for (let h = n - DAY; h < n; h++) mean += y[h] as number;
  mean /= DAY;
  out[0] = 1;
  out[1] = (y[n - 1] as number) - mean;
  out[2] = (y[target - dayBack] as number) - mean;
  out[3] = (y[target - weekBack] as number) - mean;
  out[4] = profile / PROFILE_DAYS - mean;
  // How far "now" sits from the same hour yesterday and a week back: today's anomaly, which decays with k.
  out[5] = (y[n - 1] as number) - (y[n - 1 - DAY] as number);
  out[6] = (y[n - 1] as number) - (y[n - 1 - WEEK] as number);
  return mean;
}

/** Earliest issue hour whose features are all inside the series for horizon k. */
function firstIssue(k: number): number {
  const dayBack = DAY * Math.ceil(k / DAY);
  const weekBack = WEEK * Math.ceil(k / WEEK);
  // The anomaly features look back a week from the last known hour (n - 1 - WEEK >= 0).
  return Math.max(WEEK + 1, weekBack - k + 1, dayBack + (PROFILE_DAYS - 1) * DAY - k + 1);
}

/** Solves the symmetric system a x = b in place (Gaussian elimination with partial pivoting). */
function solve(a: Float64Array, b: Float64Array): Float64Array {
  const n = b.length;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c] as number) > Math.abs(a[p * n + c] as number)) p = r;
    if (p !== c) {
      for (let j = 0; j < n; j++) [a[c * n + j], a[p * n + j]] = [a[p * n + j] as number, a[c * n + j] as number];
      [b[c], b[p]] = [b[p] as number, b[c] as number];
    }
    const d = a[c * n + c] as number;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const f = (a[r * n + c] as number) / d;
      if (f === 0) continue;
      for (let j = c; j < n; j++) a[r * n + j] = (a[r * n + j] as number) - f * (a[c * n + j] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r] as number;
    for (let j = r + 1; j < n; j++) s -= (a[r * n + j] as number) * (x[j] as number);
    const d = a[r * n + r] as number;
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

/** Ridge least squares of ts on xs with per-row weights; the intercept is not penalised. */
function weightedRidge(xs: Float64Array, ts: Float64Array, rowWeight: Float64Array, ridge: number): Float64Array {
  const ata = new Float64Array(FEATURES * FEATURES);
  const atb = new Float64Array(FEATURES);
  for (let r = 0; r < ts.length; r++) {
    const o = r * FEATURES;
    const rw = rowWeight[r] as number;
    const t = (ts[r] as number) * rw;
    for (let i = 0; i < FEATURES; i++) {
      const xi = xs[o + i] as number;
      atb[i] = (atb[i] as number) + xi * t;
      const xiw = xi * rw;
      for (let j = i; j < FEATURES; j++) ata[i * FEATURES + j] = (ata[i * FEATURES + j] as number) + xiw * (xs[o + j] as number);
    }
  }
  for (let i = 0; i < FEATURES; i++) for (let j = 0; j < i; j++) ata[i * FEATURES + j] = ata[j * FEATURES + i] as number;
  // Scaled to the features' size so the penalty is unit-free and the same for every zone.
  let scale = 0;
  for (let i = 1; i < FEATURES; i++) scale += ata[i * FEATURES + i] as number;
  const lambda = (ridge * scale) / (FEATURES - 1);
  for (let i = 1; i < FEATURES; i++) ata[i * FEATURES + i] = (ata[i * FEATURES + i] as number) + lambda;
  return solve(ata, atb);
}

/**
 * Huber weights from the last fit's residuals (full weight within the mean absolute residual, less
 * beyond it), so the fit moves toward the absolute error it is judged by and one bad hour (a zero in
 * the feed, a plant trip) does not pull every weight.
 */
function reweight(xs: Float64Array, ts: Float64Array, w: Float64Array, rowWeight: Float64Array): void {
  const res = new Float64Array(ts.length);
  let sum = 0;
  for (let r = 0; r < ts.length; r++) {
    let p = 0;
    for (let i = 0; i < FEATURES; i++) p += (w[i] as number) * (xs[r * FEATURES + i] as number);
    res[r] = Math.abs((ts[r] as number) - p);
    sum += res[r] as number;
  }
  const c = Math.max(1e-9, sum / Math.max(1, ts.length));
  for (let r = 0; r < ts.length; r++) rowWeight[r] = (res[r] as number) <= c ? 1 : c / (res[r] as number);
}

/**
 * Fits the weights for hours ahead 1..`horizonHours` on the history before hour `n` (hours [0, n) of
 * `history` are known). Returns null when the history is too short ({@link ZONE_BLEND_MIN_HISTORY_HOURS}).
 */
export function fitZoneBlend(history: readonly number[], n: number, horizonHours: number, options: ZoneBlendOptions = {}): ZoneBlendModel | null {
  const known = Math.min(n, history.length);
  if (known < ZONE_BLEND_MIN_HISTORY_HOURS || horizonHours < 1) return null;
  const fitHours = Math.max(DAY, Math.round((options.fitDays ?? 56) * DAY));
  const ridge = options.ridge ?? 0.03;
  const passes = Math.max(1, 1 + Math.round(options.robustPasses ?? 1));
  const weights: Float64Array[] = [];
  for (let k = 1; k <= horizonHours; k++) {
    // Issue hours m whose target m - 1 + k is measured (< known), newest fitHours of them.
    const last = known - k;
    const first = Math.max(firstIssue(k), last - fitHours + 1);
    if (last < first) {
      weights.push(Float64Array.from([0, 0, 1, 0, 0, 0, 0]));
      continue;
    }
    const rows = last - first + 1;
    const xs = new Float64Array(rows * FEATURES);
    const ts = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
      const m = first + r;
      ts[r] = (history[m - 1 + k] as number) - features(history, m, k, xs.subarray(r * FEATURES, (r + 1) * FEATURES));
    }
    const rowWeight = new Float64Array(rows).fill(1);
    let w: Float64Array = new Float64Array(FEATURES);
    for (let pass = 0; pass < passes; pass++) {
      if (pass > 0) reweight(xs, ts, w, rowWeight);
      w = weightedRidge(xs, ts, rowWeight, ridge);
    }
    weights.push(w);
  }
  return { fittedAtHour: known, weights };
}

/**
 * Forecasts `horizonHours` values for hours n, n+1, ... from the history before hour `n` with a
 * fitted model. Hours ahead past the model's horizon repeat the model's last day (seasonal tail).
 */
export function forecastZoneBlend(model: ZoneBlendModel, history: readonly number[], n: number, horizonHours: number): number[] {
  const known = Math.min(n, history.length);
  const out = new Array<number>(Math.max(0, horizonHours));
  const x = new Float64Array(FEATURES);
  const fitted = model.weights.length;
  for (let k = 1; k <= out.length; k++) {
    if (k > fitted) {
      out[k - 1] = out[k - 1 - Math.min(DAY, fitted)] as number;
      continue;
    }
    let v = features(history, known, k, x);
    const w = model.weights[k - 1] as Float64Array;
    for (let i = 0; i < FEATURES; i++) v += (w[i] as number) * (x[i] as number);
    out[k - 1] = Math.max(0, v);
  }
  return out;
}
