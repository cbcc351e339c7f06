/**
 * Hourly carbon-intensity series of one grid zone, with per-hour provenance. A series never mixes
 * signal types (average vs marginal) or emission-factor types: building one that does throws
 * SIGNAL_TYPE_MISMATCH, because the two signals answer different questions and are not comparable.
 */
import { z } from "zod";
import { CarbonError } from "./errors";

/** Milliseconds per hour; the series resolution. */
export const HOUR_MS = 3_600_000;

/** Average (flow-traced, e.g. Electricity Maps) or marginal (e.g. WattTime MOER). */
export type SignalType = "average" | "marginal";
/** Lifecycle (LCA) or direct (combustion only) emission factors. */
export type EmissionFactorType = "lifecycle" | "direct";

/**
 * Kinds of an hour's value: measured by a feed, forecast by the feed's provider (with its issue
 * time), forecast by Verdant's own zone forecaster (with its model and issue time), or the zone's
 * static annual average (the fallback when nothing else covers the hour).
 */
export const INTENSITY_KINDS = ["measured", "provider-forecast", "verdant-forecast", "annual-average"] as const;
/** One of {@link INTENSITY_KINDS}. */
export type IntensityKind = (typeof INTENSITY_KINDS)[number];

/** Provider name older series gave the forecaster's hours and the annual-average fallback. */
const LEGACY_FORECASTER_PROVIDER = "verdant-forecaster";
const LEGACY_ANNUAL_PREFIX = "annual average";

/**
 * Reads the one "forecast" kind of older stored series as the kind its provider implies: the
 * forecaster's hours, the annual-average fallback (both were stored as "forecast"), else the
 * provider's own forecast.
 */
function upgradeLegacyKind(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const v = value as Record<string, unknown>;
  if (v.kind !== "forecast") return value;
  const provider = typeof v.provider === "string" ? v.provider : "";
  const kind =
    provider === LEGACY_FORECASTER_PROVIDER ? "verdant-forecast" : provider.startsWith(LEGACY_ANNUAL_PREFIX) ? "annual-average" : "provider-forecast";
  return { ...v, kind };
}

/** Where one hour's value comes from (stored series of the older "forecast" kind are read as above). */
export const hourProvenanceSchema = z.preprocess(
  upgradeLegacyKind,
  z.object({
    kind: z.enum(INTENSITY_KINDS),
    provider: z.string(),
    signalType: z.enum(["average", "marginal"]),
    emissionFactorType: z.enum(["lifecycle", "direct"]),
    /** For forecasts: when the forecast was issued (epoch ms). */
    forecastIssuedAtMs: z.number().optional(),
    /** For Verdant's forecasts: the forecaster model and its version, e.g. "seasonal-persistence@1". */
    model: z.string().optional(),
    /** True for demo data made up from measured values (not any provider's real forecast). */
    synthetic: z.boolean().optional(),
  }),
);

/** Provenance of one hour. */
export type HourProvenance = z.infer<typeof hourProvenanceSchema>;

/** Zod schema of an intensity series (also used to replay stored decision inputs). */
export const intensitySeriesSchema = z.object({
  zone: z.string(),
  /** Start of the first hour, epoch ms, aligned to the hour. */
  startMs: z.number().int(),
  /** gCO2e per kWh for each consecutive hour. */
  gCo2ePerKwh: z.array(z.number().nonnegative()),
  /** Same length as gCo2ePerKwh. */
  provenance: z.array(hourProvenanceSchema),
  signalType: z.enum(["average", "marginal"]),
  emissionFactorType: z.enum(["lifecycle", "direct"]),
});

/** An hourly intensity series (validated by {@link createIntensitySeries}). */
export type IntensitySeries = z.infer<typeof intensitySeriesSchema>;

/** Input of {@link createIntensitySeries}: provenance may be one value for every hour. */
export interface IntensitySeriesInput {
  readonly zone: string;
  readonly startMs: number;
  readonly gCo2ePerKwh: readonly number[];
  readonly provenance: HourProvenance | readonly HourProvenance[];
}

/** Builds a series, refusing gaps in provenance, negative values and mixed signal or factor types. */
export function createIntensitySeries(input: IntensitySeriesInput): IntensitySeries {
  const n = input.gCo2ePerKwh.length;
  if (n === 0) throw new CarbonError("INVALID_SERIES", `${input.zone}: empty series`);
  if (!Number.isInteger(input.startMs) || input.startMs % HOUR_MS !== 0)
    throw new CarbonError("INVALID_SERIES", `${input.zone}: startMs must be an hour boundary`, { startMs: input.startMs });
  const provenance = Array.isArray(input.provenance)
    ? (input.provenance as HourProvenance[])
    : Array.from({ length: n }, () => input.provenance as HourProvenance);
  if (provenance.length !== n) throw new CarbonError("INVALID_SERIES", `${input.zone}: ${provenance.length} provenance entries for ${n} hours`);
  input.gCo2ePerKwh.forEach((v, i) => {
    if (!Number.isFinite(v) || v < 0) throw new CarbonError("INVALID_SERIES", `${input.zone}: hour ${i} has intensity ${v}`);
  });
  const first = provenance[0] as HourProvenance;
  provenance.forEach((p, i) => {
    if (p.signalType !== first.signalType || p.emissionFactorType !== first.emissionFactorType) {
      throw new CarbonError(
        "SIGNAL_TYPE_MISMATCH",
        `${input.zone}: hour ${i} is ${p.signalType}/${p.emissionFactorType}, hour 0 is ${first.signalType}/${first.emissionFactorType}`,
        { zone: input.zone, hour: i },
      );
    }
  });
  return {
    zone: input.zone,
    startMs: input.startMs,
    gCo2ePerKwh: [...input.gCo2ePerKwh],
    provenance,
    signalType: first.signalType,
    emissionFactorType: first.emissionFactorType,
  };
}

/** Throws SIGNAL_TYPE_MISMATCH unless every series uses the same signal and emission-factor type. */
export function assertComparableSeries(series: readonly IntensitySeries[]): void {
  const first = series[0];
  if (!first) return;
  for (const s of series) {
    if (s.signalType !== first.signalType || s.emissionFactorType !== first.emissionFactorType) {
      throw new CarbonError(
        "SIGNAL_TYPE_MISMATCH",
        `zone ${s.zone} is ${s.signalType}/${s.emissionFactorType} but ${first.zone} is ${first.signalType}/${first.emissionFactorType}; compare like with like`,
        { zones: [first.zone, s.zone] },
      );
    }
  }
}

/** End of the covered range (exclusive), epoch ms. */
export function seriesEndMs(series: IntensitySeries): number {
  return series.startMs + series.gCo2ePerKwh.length * HOUR_MS;
}
