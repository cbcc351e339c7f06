/**
 * Day-ahead zone forecaster backtest over the 16 zones of ../shared/data/carbon (2021-2023): for every
 * zone, forecasts issued every `--every` hours (default 1) for the next 24 hours, pooled mean absolute
 * error of the learned blend (server/engine/estimate/zone-forecast-blend.ts), of the earlier
 * seasonal-level forecaster, and of the two seasonal-naive forecasts (same hour yesterday; same hour
 * last week). The blend only ever sees hours before the issue time. Its defaults were chosen on
 * 2022 (history from 2021); 2023 is held out. `--fit` passes other blend settings (ZoneBlendOptions as
 * JSON, e.g. '{"fitDays":112,"hourSpread":2}') to compare them on the tuning year.
 *
 *   npm run --silent bench:forecast -- [--year 2023] [--every 1] [--zones DE,GB] [--fit '{...}'] [--json]
 */
import { forecastZoneBlend, fitZoneBlend, forecastZoneIntensity, HOUR_MS, type ZoneBlendModel, type ZoneBlendOptions } from "../server/engine";
import { loadCarbonZones } from "./bench/carbon-zones";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const year = Number(opt("year") ?? 2023);
const every = Math.max(1, Number(opt("every") ?? 1));
const json = args.includes("--json");
const zonesWanted = opt("zones")?.split(",");
const fitOptions: ZoneBlendOptions = JSON.parse(opt("fit") ?? "{}");
const H = 24;

interface Row {
  zone: string;
  meanG: number;
  blendMaeG: number;
  seasonalLevelMaeG: number;
  naiveDayMaeG: number;
  naiveWeekMaeG: number;
  gainVsDayPct: number;
  gainVsWeekPct: number;
  blendMaeAt24hG: number;
  naiveDayMaeAt24hG: number;
}

const rows: Row[] = [];
const t0 = performance.now();
for (const z of loadCarbonZones({ zones: zonesWanted })) {
  const y = z.values;
  const from = (Date.UTC(year, 0, 1) - z.startMs) / HOUR_MS;
  const to = Math.min(y.length, (Date.UTC(year + 1, 0, 1) - z.startMs) / HOUR_MS);
  if (from < 24 * 28) throw new Error(`${z.zone}: less than four weeks of history before ${year}`);
  let model: ZoneBlendModel | null = null;
  const sum = { blend: 0, level: 0, day: 0, week: 0, actual: 0, n: 0, blend24: 0, day24: 0, n24: 0 };
  for (let m = from; m + H <= to; m += every) {
    // Refit at each day's first hour, as the simulator does (a live fleet would refit nightly).
    if (!model || Math.floor(m / 24) !== Math.floor(model.fittedAtHour / 24)) model = fitZoneBlend(y, Math.floor(m / 24) * 24, H, fitOptions);
    if (!model) throw new Error(`${z.zone}: too little history to fit`);
    const f = forecastZoneBlend(model, y, m, H);
    const level = forecastZoneIntensity(y.slice(m - 14 * 24, m), z.startMs + (m - 14 * 24) * HOUR_MS, z.startMs + m * HOUR_MS, H);
    for (let k = 0; k < H; k++) {
      const a = y[m + k]!;
      sum.blend += Math.abs(f[k]! - a);
      sum.level += Math.abs(level[k]! - a);
      sum.day += Math.abs(y[m + k - 24]! - a);
      sum.week += Math.abs(y[m + k - 168]! - a);
      sum.actual += a;
      sum.n++;
    }
    sum.blend24 += Math.abs(f[H - 1]! - y[m + H - 1]!);
    sum.day24 += Math.abs(y[m - 1]! - y[m + H - 1]!);
    sum.n24++;
  }
  const r = (v: number, n = sum.n) => Math.round((10 * v) / n) / 10;
  const row: Row = {
    zone: z.zone,
    meanG: r(sum.actual),
    blendMaeG: r(sum.blend),
    seasonalLevelMaeG: r(sum.level),
    naiveDayMaeG: r(sum.day),
    naiveWeekMaeG: r(sum.week),
    gainVsDayPct: Math.round(1000 * (1 - sum.blend / sum.day)) / 10,
    gainVsWeekPct: Math.round(1000 * (1 - sum.blend / sum.week)) / 10,
    blendMaeAt24hG: r(sum.blend24, sum.n24),
    naiveDayMaeAt24hG: r(sum.day24, sum.n24),
  };
  rows.push(row);
  process.stderr.write(`${z.zone}: blend ${row.blendMaeG} g, same hour yesterday ${row.naiveDayMaeG} g (${row.gainVsDayPct} % better)\n`);
}
const wallS = (performance.now() - t0) / 1000;
const header = [
  "zone",
  "mean g/kWh",
  "blend MAE",
  "seasonal-level MAE",
  "naive 24 h MAE",
  "naive 168 h MAE",
  "gain vs 24 h",
  "gain vs 168 h",
  "blend at +24 h",
  "naive at +24 h",
];
console.log(`Day-ahead forecast (hours 1-24 ahead, issued every ${every} h), ${year}, mean absolute error in gCO2e/kWh`);
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => " --- ").join("|")}|`);
for (const x of rows)
  console.log(
    `| ${x.zone} | ${x.meanG} | ${x.blendMaeG} | ${x.seasonalLevelMaeG} | ${x.naiveDayMaeG} | ${x.naiveWeekMaeG} | ${x.gainVsDayPct} % | ${x.gainVsWeekPct} % | ${x.blendMaeAt24hG} | ${x.naiveDayMaeAt24hG} |`,
  );
const short = rows.filter((x) => x.gainVsDayPct < 20).map((x) => x.zone);
console.log(
  `zones at least 20 % better than same hour yesterday: ${rows.length - short.length}/${rows.length}${short.length ? ` (short: ${short.join(", ")})` : ""}; ${wallS.toFixed(1)} s`,
);
if (json) console.log(JSON.stringify({ year, everyHours: every, horizonHours: H, fitOptions, zones: rows, wallS: Math.round(wallS * 10) / 10 }));
