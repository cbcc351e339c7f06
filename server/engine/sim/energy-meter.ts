/**
 * Energy and emissions accounting of one cluster: GPU power is piecewise constant between events
 * (jobs start or end, nodes go down or up), so it is integrated exactly, hour by hour, against the
 * zone's TRUE measured intensity. Jobs draw GPUs x share x (idleW + (maxW - idleW) x utilization);
 * free GPU capacity of up nodes draws its idle watts (counted only inside the simulated period, so a
 * drain after it does not charge idle power that differs between policies by run length).
 * Facility energy = IT energy x PUE; emissions = facility kWh x intensity of the hour.
 */
import { HOUR_MS } from "../carbon/series";
import type { ZoneTruth } from "./zone-signal";

/** Totals shared by all clusters of one policy run. */
export interface EnergyTotals {
  itKwh: number;
  facilityKwh: number;
  gTotal: number;
  gJobs: number;
  /** gCO2e per UTC day index (floor(ms / 86.4e6)). */
  readonly perDay: Map<number, number>;
}

/** New empty totals. */
export function emptyTotals(): EnergyTotals {
  return { itKwh: 0, facilityKwh: 0, gTotal: 0, gJobs: 0, perDay: new Map() };
}

const DAY_MS = 86_400_000;

/** Power integrator of one cluster. */
export class EnergyMeter {
  /** Watts drawn by running jobs. */
  jobW = 0;
  /** Idle watts of free GPU capacity on up nodes. */
  idleW = 0;
  private lastMs: number;
  constructor(
    private readonly truth: ZoneTruth,
    private readonly pue: number,
    private readonly periodStartMs: number,
    private readonly periodEndMs: number,
    private readonly totals: EnergyTotals,
  ) {
    this.lastMs = periodStartMs;
  }

  /** Integrates the current power from the last call up to `toMs`. Call before every power change. */
  advance(toMs: number): void {
    let a = this.lastMs;
    if (toMs <= a) return;
    const t = this.totals;
    while (a < toMs) {
      const hourEnd = (Math.floor((a - this.truth.series.startMs) / HOUR_MS) + 1) * HOUR_MS + this.truth.series.startMs;
      const dayEnd = (Math.floor(a / DAY_MS) + 1) * DAY_MS;
      const b = Math.min(toMs, hourEnd, dayEnd);
      const intensity = this.truth.at(this.truth.hourOf(a));
      const idleMs = Math.max(0, Math.min(b, this.periodEndMs) - Math.max(a, this.periodStartMs));
      const jobIt = (this.jobW * (b - a)) / 3.6e9;
      const idleIt = (this.idleW * idleMs) / 3.6e9;
      const g = (jobIt + idleIt) * this.pue * intensity;
      t.itKwh += jobIt + idleIt;
      t.facilityKwh += (jobIt + idleIt) * this.pue;
      t.gJobs += jobIt * this.pue * intensity;
      t.gTotal += g;
      const day = Math.floor(a / DAY_MS);
      t.perDay.set(day, (t.perDay.get(day) ?? 0) + g);
      a = b;
    }
    this.lastMs = toMs;
  }
}
