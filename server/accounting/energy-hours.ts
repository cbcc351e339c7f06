/**
 * Energy and emissions of one job, hour by hour (pure: no clock, no database).
 *
 * A job ran on the wall clock from runStartMs to runEndMs. A simulated cluster compresses time
 * (`workSpeed` seconds of GPU work per wall second, 60 in the demo); a real cluster has speed 1.
 * For every UTC hour the run overlaps:
 *   work seconds       = overlap seconds x workSpeed
 *   IT energy (kWh)    = mean power of the job's GPUs in that hour (W) x work seconds / 3.6e6
 *   facility energy    = IT energy x PUE
 *   emissions (gCO2e)  = facility energy x the zone's intensity for that hour
 * The power comes from telemetry samples taken in that hour (the job's share of each GPU's measured
 * draw) and, for hours without samples, from the power model (idle + (max - idle) x utilization of
 * each GPU share), and each row says which it used. Work is counted in the hour it happened.
 */

import { DEFAULT_GPU_UTILIZATION, HOUR_MS, type IntensityKind } from "../engine";

export { HOUR_MS };

/** The job's IT power at one wall-clock instant, measured by the driver. */
export interface PowerSample {
  atMs: number;
  watts: number;
}

/** Where an hour's intensity came from (the engine's provenance kinds). */
export type IntensitySource = IntensityKind;

/** A zone's intensity for one hour, with its provenance. */
export interface HourIntensity {
  gCo2ePerKwh: number;
  source: IntensitySource;
  /** For a forecast: when it was issued (epoch ms). */
  issuedAtMs?: number;
  /** For a Verdant forecast: the forecaster model. */
  model?: string;
  /** True for synthetic demo values. */
  synthetic?: boolean;
}

/** Looks up the intensity of the job's zone for the hour starting at `hourStartMs`. */
export type IntensityLookup = (hourStartMs: number) => HourIntensity;

/** Inputs of {@link accountJobHours}. */
export interface JobRunInput {
  runStartMs: number;
  runEndMs: number;
  /** Seconds of work per wall-clock second (simulation speed; 1 on real clusters). */
  workSpeed: number;
  /** The job's IT power by the power model, used for hours without telemetry. */
  powerModelWatts: number;
  /**
   * Power the GPU telemetry does not see (CPU, memory, the node's idle share beyond the job's own
   * GPUs), added to measured hours; 0 with the GPU-only model.
   */
  unmeteredWatts?: number;
  /** Versioned name of the power model, stored on each row (default "gpu-linear@1"). */
  energyMethod?: string;
  /** Telemetry samples (any order); samples outside the run are ignored. */
  samples: readonly PowerSample[];
  pue: number;
  intensity: IntensityLookup;
}

/** One hour of a job: what the JobEnergyHour row stores. */
export interface JobHour {
  hourStartMs: number;
  /** Wall-clock seconds the job ran in this hour. */
  wallSeconds: number;
  itEnergyKwh: number;
  facilityEnergyKwh: number;
  gCo2ePerKwh: number;
  emissionsGCo2e: number;
  energySource: "telemetry" | "power-model";
  energyMethod: string;
  intensitySource: IntensitySource;
  intensityIssuedAt: Date | null;
  intensityModel: string | null;
  intensitySynthetic: boolean;
}

/** The GPU-only power model's name (rows written before the node-share model carry it). */
export const GPU_LINEAR_METHOD = "gpu-linear@1";

/** Start of the UTC hour holding `ms`. */
export const hourFloor = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** The hours [start, end) overlaps, with the overlap in each. */
export function hourSlices(startMs: number, endMs: number): { hourStartMs: number; fromMs: number; toMs: number }[] {
  const slices: { hourStartMs: number; fromMs: number; toMs: number }[] = [];
  for (let h = hourFloor(startMs); h < endMs; h += HOUR_MS) {
    const fromMs = Math.max(h, startMs);
    const toMs = Math.min(h + HOUR_MS, endMs);
    if (toMs > fromMs) slices.push({ hourStartMs: h, fromMs, toMs });
  }
  return slices;
}

/** Per-hour energy and emissions of a run; an empty list for a run of zero length. */
export function accountJobHours(input: JobRunInput): JobHour[] {
  if (!(input.workSpeed > 0)) throw new RangeError(`workSpeed must be positive, got ${input.workSpeed}`);
  if (!(input.pue >= 1)) throw new RangeError(`pue must be at least 1, got ${input.pue}`);
  if (!(input.powerModelWatts >= 0)) throw new RangeError(`powerModelWatts must be non-negative, got ${input.powerModelWatts}`);
  const byHour = new Map<number, { sum: number; n: number }>();
  for (const s of input.samples) {
    if (s.atMs < input.runStartMs || s.atMs > input.runEndMs || !(s.watts >= 0)) continue;
    const h = hourFloor(Math.min(s.atMs, input.runEndMs - 1));
    const acc = byHour.get(h) ?? { sum: 0, n: 0 };
    acc.sum += s.watts;
    acc.n++;
    byHour.set(h, acc);
  }
  return hourSlices(input.runStartMs, input.runEndMs).map(({ hourStartMs, fromMs, toMs }) => {
    const wallSeconds = (toMs - fromMs) / 1000;
    const measured = byHour.get(hourStartMs);
    const watts = measured ? measured.sum / measured.n + (input.unmeteredWatts ?? 0) : input.powerModelWatts;
    const itEnergyKwh = (watts * wallSeconds * input.workSpeed) / 3.6e6;
    const facilityEnergyKwh = itEnergyKwh * input.pue;
    const intensity = input.intensity(hourStartMs);
    const { gCo2ePerKwh, source } = intensity;
    return {
      hourStartMs,
      wallSeconds,
      itEnergyKwh,
      facilityEnergyKwh,
      gCo2ePerKwh,
      emissionsGCo2e: facilityEnergyKwh * gCo2ePerKwh,
      energySource: measured ? "telemetry" : "power-model",
      energyMethod: input.energyMethod ?? GPU_LINEAR_METHOD,
      intensitySource: source,
      intensityIssuedAt: intensity.issuedAtMs !== undefined ? new Date(intensity.issuedAtMs) : null,
      intensityModel: intensity.model ?? null,
      intensitySynthetic: intensity.synthetic ?? false,
    };
  });
}

/** Totals of a job's hours. */
export function sumJobHours(hours: readonly JobHour[]): { itEnergyKwh: number; energyKwh: number; emissionsGCo2e: number } {
  return hours.reduce(
    (t, h) => ({
      itEnergyKwh: t.itEnergyKwh + h.itEnergyKwh,
      energyKwh: t.energyKwh + h.facilityEnergyKwh,
      emissionsGCo2e: t.emissionsGCo2e + h.emissionsGCo2e,
    }),
    { itEnergyKwh: 0, energyKwh: 0, emissionsGCo2e: 0 },
  );
}

/** One GPU share of a job for the power model. */
export interface GpuShareSpec {
  idleWatts: number;
  maxWatts: number;
  /** 1..1000 milli-GPU. */
  milli: number;
}

/** Default mean GPU utilization of a running job: the coordinator's own, so estimate and accounting agree. */
export const DEFAULT_JOB_UTILIZATION = DEFAULT_GPU_UTILIZATION;

/**
 * The power model of a job: each GPU share draws its share of idle + (max - idle) x utilization,
 * as in the coordinator's energy estimate.
 */
export function powerModelWatts(shares: readonly GpuShareSpec[], utilization = DEFAULT_JOB_UTILIZATION): number {
  return shares.reduce((w, s) => w + (s.milli / 1000) * (s.idleWatts + (s.maxWatts - s.idleWatts) * utilization), 0);
}

/** Least certain last: a merged hour keeps the provenance of its least certain part. */
const CERTAINTY: Record<IntensitySource, number> = { measured: 0, "provider-forecast": 1, "verdant-forecast": 2, "annual-average": 3 };

/** The row fields of one merged hour. */
type MergedHour = Pick<
  JobHour,
  "itEnergyKwh" | "facilityEnergyKwh" | "emissionsGCo2e" | "energyMethod" | "intensitySource" | "intensityIssuedAt" | "intensityModel" | "intensitySynthetic"
> & { clusterId: string; energySource: string };

/**
 * One row per (cluster, hour): each part of a split job keeps its own cluster's rows (its PUE and
 * zone intensity), so emissions by cluster are attributed where they were drawn. Hours of the same
 * cluster given twice are summed, the intensity their weighted mean and the provenance that of the
 * least certain one.
 */
export function mergeHours(hours: (JobHour & { clusterId: string })[]) {
  const merged = new Map<string, MergedHour & { hourStartMs: number }>();
  for (const h of hours) {
    const key = `${h.clusterId}@${h.hourStartMs}`;
    const m = merged.get(key);
    const provenance = {
      intensitySource: h.intensitySource,
      intensityIssuedAt: h.intensityIssuedAt,
      intensityModel: h.intensityModel,
      intensitySynthetic: h.intensitySynthetic,
    };
    if (!m)
      merged.set(key, {
        hourStartMs: h.hourStartMs,
        clusterId: h.clusterId,
        itEnergyKwh: h.itEnergyKwh,
        facilityEnergyKwh: h.facilityEnergyKwh,
        emissionsGCo2e: h.emissionsGCo2e,
        energySource: h.energySource,
        energyMethod: h.energyMethod,
        ...provenance,
      });
    else {
      m.itEnergyKwh += h.itEnergyKwh;
      m.facilityEnergyKwh += h.facilityEnergyKwh;
      m.emissionsGCo2e += h.emissionsGCo2e;
      if (h.energySource !== m.energySource) m.energySource = "power-model";
      if (CERTAINTY[h.intensitySource] > CERTAINTY[m.intensitySource]) Object.assign(m, provenance);
    }
  }
  return [...merged.values()].map(({ hourStartMs, ...m }) => ({
    hourStart: new Date(hourStartMs),
    ...m,
    gCo2ePerKwh: m.facilityEnergyKwh > 0 ? m.emissionsGCo2e / m.facilityEnergyKwh : 0,
  }));
}
