/**
 * Day-ahead carbon-intensity forecaster that learns each zone's own blend: for every hour ahead k and
 * every hour of the day h of the target hour it predicts the value as the last 24 h mean m plus a
 * linear mix of how far what is known at issue time sits from that mean,
 *
 *   y(t+k) ~ m + w0 + w1 (now - m) + w2 (same hour of the latest measured day - m)
 *              + w3 (same hour a week back - m) + w4 (7-day hour-of-day profile - m)
 *              + w5 (now - same hour yesterday) + w6 (now - same hour a week back)
 *              + w7 (7-day hour-of-day median - m) + w8 (14-day hour-of-day profile - m)
 *              + w9 (now - its own 7-day profile),
 *
 * with the weights fitted by ridge least squares (one Huber pass) on the zone's trailing history only:
 * every issue hour of the last `fitDays` days whose target hour was already measured, recent days
 * counting more. The weights differ by target hour of day because a solar grid's dynamics do: at night
 * "now" carries into the next hours, at noon the daily shape and yesterday's clouds say more. Each
 * hour's fit also uses the rows of its neighbouring hours (`hourSpread`), so the longer window keeps
 * enough rows per hour. Nothing is fixed per zone: the same code fits solar, wind, hydro and coal
 * grids and keeps refitting as seasons change. Fitting is separated from forecasting so a caller can
 * refit once a day and forecast every hour. Values never go below 0.
 */

/** Name and version recorded with the hours this forecaster fills. */
export const ZONE_BLEND_FORECAST_MODEL = "seasonal-blend-ls@3";

const FEATURES = 10;
const DAY = 24;
const WEEK = 168;
/** Days in the short hour-of-day profile and median. */
const PROFILE_DAYS = 7;
/** Days in the long hour-of-day profile: steadier where single days are noisy (clouds, wind). */
const LONG_PROFILE_DAYS = 14;

/** Tuning of {@link fitZoneBlend}. Defaults were chosen on 2021-2022 data only (docs/benchmarks/carbon-held-out.md). */
export interface ZoneBlendOptions {
  /** Days of trailing history the weights are fitted on (default 168). */
  readonly fitDays?: number;
  /** Half-life in days of a row's weight by its age (default 56): a long window that still follows the season. */
  readonly halfLifeDays?: number;
  /** Ridge penalty relative to the mean squared feature value (default 0.01): keeps weights finite on flat stretches. */
  readonly ridge?: number;
  /** Re-fits with Huber weights after the first least-squares pass (default 1). */
  readonly robustPasses?: number;
  /** Each target hour of day is fitted on the rows within this many hours of it (default 1). */
  readonly hourSpread?: number;
  /**
   * Hour of day (0-23) of `history[0]` on the clock the weights are kept by (default 0). Only needed
   * when the series passed to {@link forecastZoneBlend} starts at another hour of day than the one
   * fitted on; pass the same value there.
   */
  readonly startHourOfDay?: number;
}

/** Fitted weights per hour ahead (index k - 1) and per target hour of day (0-23), and the hour index they were fitted at. */
export interface ZoneBlendModel {
  readonly fittedAtHour: number;
  readonly weights: readonly (readonly Float64Array[])[];
}

/** Least history (hours) the blend needs: a week back plus the long profile plus a week to fit on. */
export const ZONE_BLEND_MIN_HISTORY_HOURS = WEEK + LONG_PROFILE_DAYS * DAY + 7 * DAY;

/** Mean of `days` values at hour h and the same hour on the days before it. */
function profileAt(y: readonly number[], h: number, days: number): number {
  let s = 0;
  for (let d = 0; d < days; d++) s += y[h - d * DAY] as number;
  return s / days;
}

/** Median of the 7 values at hour h and the same hour on the 6 days before it (robust to one cloudy or windless day). */
function medianAt(y: readonly number[], h: number): number {
  const a = new Array<number>(PROFILE_DAYS);
  for (let d = 0; d < PROFILE_DAYS; d++) a[d] = y[h - d * DAY] as number;
  a.sort((p, q) => p - q);
  return a[PROFILE_DAYS >> 1] as number;
}

/** Mean of the 24 hours before n. */
function meanBefore(y: readonly number[], n: number): number {
  let s = 0;
  for (let h = n - DAY; h < n; h++) s += y[h] as number;
  return s / DAY;
}

/**
 * Per-hour statistics the features read, computed once for hours [from, to) of a fit (every row reads
 * them many times) with the same arithmetic as a forecast's on-the-spot values, so a fitted row and a
 * forecast see identical features.
 */
interface Stats {
  readonly from: number;
  readonly mean24: Float64Array;
  readonly profile: Float64Array;
  readonly longProfile: Float64Array;
  readonly median: Float64Array;
}

/** The statistics of hours [from, to); none reads an hour at or after `to`. */
function stats(y: readonly number[], from: number, to: number): Stats {
  const len = Math.max(0, to - from);
  const s: Stats = { from, mean24: new Float64Array(len), profile: new Float64Array(len), longProfile: new Float64Array(len), median: new Float64Array(len) };
  for (let i = 0; i < len; i++) {
    const h = from + i;
    // mean24 is indexed by issue hour n (hours before it); the profiles by the hour they end at.
    if (h >= DAY) s.mean24[i] = meanBefore(y, h);
    if (h >= (PROFILE_DAYS - 1) * DAY) {
      s.profile[i] = profileAt(y, h, PROFILE_DAYS);
      s.median[i] = medianAt(y, h);
    }
    if (h >= (LONG_PROFILE_DAYS - 1) * DAY) s.longProfile[i] = profileAt(y, h, LONG_PROFILE_DAYS);
  }
  return s;
}

/**
 * Writes the features of target hour `n - 1 + k` issued with hours [0, n) known into `out` from index
 * `at` (deviations from the last 24 h mean, so the ridge pulls an uncertain forecast toward that mean)
 * and returns the mean. With `st` the per-hour statistics are looked up, else computed.
 */
function features(y: readonly number[], n: number, k: number, out: Float64Array, at: number, st?: Stats): number {
  const target = n - 1 + k;
  const dayBack = DAY * Math.ceil(k / DAY);
  const weekBack = WEEK * Math.ceil(k / WEEK);
  const atHour = target - dayBack;
  const nowHourBefore = n - 1 - DAY;
  let mean: number, profile: number, longProfile: number, median: number, nowProfile: number;
  if (st) {
    mean = st.mean24[n - st.from] as number;
    profile = st.profile[atHour - st.from] as number;
    longProfile = st.longProfile[atHour - st.from] as number;
    median = st.median[atHour - st.from] as number;
    nowProfile = st.profile[nowHourBefore - st.from] as number;
  } else {
    mean = meanBefore(y, n);
    profile = profileAt(y, atHour, PROFILE_DAYS);
    longProfile = profileAt(y, atHour, LONG_PROFILE_DAYS);
    median = medianAt(y, atHour);
    nowProfile = profileAt(y, nowHourBefore, PROFILE_DAYS);
  }
  const now = y[n - 1] as number;
  out[at + 0] = 1;
  out[at + 1] = now - mean;
  out[at + 2] = (y[atHour] as number) - mean;
  out[at + 3] = (y[target - weekBack] as number) - mean;
  out[at + 4] = profile - mean;
  // How far "now" sits from the same hour yesterday and a week back: today's anomaly, which decays with k.
  out[at + 5] = now - (y[nowHourBefore] as number);
  out[at + 6] = now - (y[n - 1 - WEEK] as number);
  out[at + 7] = median - mean;
  out[at + 8] = longProfile - mean;
  // Today's anomaly against the last week's shape at this hour: less noisy than against one day.
  out[at + 9] = now - nowProfile;
  return mean;
}

/** Earliest issue hour whose features are all inside the series for horizon k. */
function firstIssue(k: number): number {
  const dayBack = DAY * Math.ceil(k / DAY);
  const weekBack = WEEK * Math.ceil(k / WEEK);
  // The anomaly features look back a week from the last known hour (n - 1 - WEEK >= 0); its profile a week more.
  return Math.max(WEEK + DAY + 1, weekBack - k + 1, dayBack + (LONG_PROFILE_DAYS - 1) * DAY - k + 1);
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

/** Hour of day (0-23) of hour index i of a series whose index 0 is at hour of day `start`. */
const hourOfDay = (i: number, start: number) => (((i + start) % DAY) + DAY) % DAY;

/** Weights that forecast the same hour of the latest measured day (feature 2), for an hour ahead with no rows yet. */
function sameHourYesterdayWeights(): Float64Array {
  const w = new Float64Array(FEATURES);
  w[2] = 1;
  return w;
}

/**
 * Ridge least squares per target hour of day: the weighted normal equations are summed per hour once,
 * then each hour's system adds its neighbours' within `spread` hours. The intercept is not penalised.
 */
function fitPerHour(xs: Float64Array, ts: Float64Array, hour: Int32Array, rowWeight: Float64Array, ridge: number, spread: number): Float64Array[] {
  const FF = FEATURES * FEATURES;
  const ata = new Float64Array(DAY * FF);
  const atb = new Float64Array(DAY * FEATURES);
  for (let r = 0; r < ts.length; r++) {
    const rw = rowWeight[r] as number;
    if (rw === 0) continue;
    const o = r * FEATURES;
    const ao = (hour[r] as number) * FF;
    const bo = (hour[r] as number) * FEATURES;
    const t = (ts[r] as number) * rw;
    for (let i = 0; i < FEATURES; i++) {
      const xi = xs[o + i] as number;
      atb[bo + i] = (atb[bo + i] as number) + xi * t;
      const xiw = xi * rw;
      for (let j = i; j < FEATURES; j++) ata[ao + i * FEATURES + j] = (ata[ao + i * FEATURES + j] as number) + xiw * (xs[o + j] as number);
    }
  }
  const out: Float64Array[] = [];
  for (let h = 0; h < DAY; h++) {
    const a = new Float64Array(FF);
    const b = new Float64Array(FEATURES);
    for (let d = -spread; d <= spread; d++) {
      const g = hourOfDay(h + d, 0);
      for (let i = 0; i < FF; i++) a[i] = (a[i] as number) + (ata[g * FF + i] as number);
      for (let i = 0; i < FEATURES; i++) b[i] = (b[i] as number) + (atb[g * FEATURES + i] as number);
    }
    for (let i = 0; i < FEATURES; i++) for (let j = 0; j < i; j++) a[i * FEATURES + j] = a[j * FEATURES + i] as number;
    // Scaled to the features' size so the penalty is unit-free and the same for every zone.
    let scale = 0;
    for (let i = 1; i < FEATURES; i++) scale += a[i * FEATURES + i] as number;
    const lambda = (ridge * scale) / (FEATURES - 1);
    for (let i = 1; i < FEATURES; i++) a[i * FEATURES + i] = (a[i * FEATURES + i] as number) + lambda;
    out.push(solve(a, b));
  }
  return out;
}

/**
 * Huber weights from the last fit's residuals (full weight within the mean absolute residual, less
 * beyond it), so the fit moves toward the absolute error it is judged by and one bad hour (a zero in
 * the feed, a plant trip) does not pull every weight. Each row is judged by its own hour's weights.
 */
function reweight(xs: Float64Array, ts: Float64Array, hour: Int32Array, w: readonly Float64Array[], age: Float64Array, rowWeight: Float64Array): void {
  const res = new Float64Array(ts.length);
  let sum = 0;
  let total = 0;
  for (let r = 0; r < ts.length; r++) {
    const wr = w[hour[r] as number] as Float64Array;
    let p = 0;
    for (let i = 0; i < FEATURES; i++) p += (wr[i] as number) * (xs[r * FEATURES + i] as number);
    res[r] = Math.abs((ts[r] as number) - p);
    sum += (res[r] as number) * (age[r] as number);
    total += age[r] as number;
  }
  const c = Math.max(1e-9, sum / Math.max(1e-9, total));
  for (let r = 0; r < ts.length; r++) rowWeight[r] = (age[r] as number) * ((res[r] as number) <= c ? 1 : c / (res[r] as number));
}

/**
 * Fits the weights for hours ahead 1..`horizonHours` on the history before hour `n` (hours [0, n) of
 * `history` are known). Returns null when the history is too short ({@link ZONE_BLEND_MIN_HISTORY_HOURS}).
 */
export function fitZoneBlend(history: readonly number[], n: number, horizonHours: number, options: ZoneBlendOptions = {}): ZoneBlendModel | null {
  const known = Math.min(n, history.length);
  if (known < ZONE_BLEND_MIN_HISTORY_HOURS || horizonHours < 1) return null;
  const fitHours = Math.max(DAY, Math.round((options.fitDays ?? 168) * DAY));
  const halfLifeHours = Math.max(1, (options.halfLifeDays ?? 56) * DAY);
  const ridge = options.ridge ?? 0.01;
  const passes = Math.max(1, 1 + Math.round(options.robustPasses ?? 1));
  const spread = Math.max(0, Math.min(11, Math.round(options.hourSpread ?? 1)));
  const start = Math.round(options.startHourOfDay ?? 0);
  // Every feature of every row reads hours from (oldest issue - 2 days - a week) on.
  const from = Math.max(0, known - horizonHours - fitHours - 2 * DAY - WEEK);
  const st = stats(history, from, known);
  const weights: Float64Array[][] = [];
  for (let k = 1; k <= horizonHours; k++) {
    // Issue hours m whose target m - 1 + k is measured (< known), newest fitHours of them.
    const last = known - k;
    const first = Math.max(firstIssue(k), last - fitHours + 1);
    if (last < first) {
      // No row yet for this hour ahead: the same hour of the latest measured day.
      weights.push(Array.from({ length: DAY }, () => sameHourYesterdayWeights()));
      continue;
    }
    const rows = last - first + 1;
    const xs = new Float64Array(rows * FEATURES);
    const ts = new Float64Array(rows);
    const hour = new Int32Array(rows);
    const age = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
      const m = first + r;
      ts[r] = (history[m - 1 + k] as number) - features(history, m, k, xs, r * FEATURES, st);
      hour[r] = hourOfDay(m - 1 + k, start);
      age[r] = Math.pow(0.5, (last - m) / halfLifeHours);
    }
    const rowWeight = Float64Array.from(age);
    let w = fitPerHour(xs, ts, hour, rowWeight, ridge, spread);
    for (let pass = 1; pass < passes; pass++) {
      reweight(xs, ts, hour, w, age, rowWeight);
      w = fitPerHour(xs, ts, hour, rowWeight, ridge, spread);
    }
    weights.push(w);
  }
  return { fittedAtHour: known, weights };
}

/**
 * Forecasts `horizonHours` values for hours n, n+1, ... from the history before hour `n` with a
 * fitted model. Hours ahead past the model's horizon repeat the model's last day (seasonal tail).
 * `startHourOfDay` is the hour of day of `history[0]`, as passed to {@link fitZoneBlend} (default 0).
 */
export function forecastZoneBlend(model: ZoneBlendModel, history: readonly number[], n: number, horizonHours: number, startHourOfDay = 0): number[] {
  const known = Math.min(n, history.length);
  const out = new Array<number>(Math.max(0, horizonHours));
  const x = new Float64Array(FEATURES);
  const fitted = model.weights.length;
  const start = Math.round(startHourOfDay);
  for (let k = 1; k <= out.length; k++) {
    if (k > fitted) {
      out[k - 1] = out[k - 1 - Math.min(DAY, fitted)] as number;
      continue;
    }
    let v = features(history, known, k, x, 0);
    const w = (model.weights[k - 1] as readonly Float64Array[])[hourOfDay(known - 1 + k, start)] as Float64Array;
    for (let i = 0; i < FEATURES; i++) v += (w[i] as number) * (x[i] as number);
    out[k - 1] = Math.max(0, v);
  }
  return out;
}
