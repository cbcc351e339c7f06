/**
 * Metric accumulators of one policy run, turned into SimPolicyMetrics and SimTimeSeries at the end
 * (definitions in shared/docs/ALGORITHMS.md). GAR and SOR are integrated exactly between events over
 * the simulated period; GFR and the FGD fragmentation rate are averaged over the periodic samples.
 */
import { quantileSorted } from "../estimate/quantile";
import type { EnergyTotals } from "./energy-meter";
import type { SimPolicyMetrics, SimTimeSeries, WaitPercentiles } from "./types";

const BINS = 1000;

/** Running sums of one policy run. */
export class MetricAccumulator {
  private lastMs: number;
  private allocDt = 0;
  private schedDt = 0;
  private ratioDt = 0;
  private totalDt = 0;
  private readonly garHist = new Float64Array(BINS + 1);
  readonly waits: { cls: string; waitS: number }[] = [];
  readonly jcts: number[] = [];
  readonly relErrors: number[] = [];
  readonly samples: { atMs: number; gar: number; powerKw: number; queued: number }[] = [];
  private gfrSum = 0;
  private fragSum = 0;
  private fragSamples = 0;
  completed = 0;
  skipped = 0;
  deadlineMisses = 0;
  unfinished = 0;
  requeued = 0;
  conflicts = 0;
  decisions = 0;
  events = 0;

  constructor(
    private readonly startMs: number,
    private readonly endMs: number,
  ) {
    this.lastMs = startMs;
  }

  /** Integrates allocation from the last call to `toMs` (clipped to the period). Call before each change. */
  advance(toMs: number, allocatedMilli: number, schedulableMilli: number): void {
    const a = Math.max(this.lastMs, this.startMs);
    const b = Math.min(toMs, this.endMs);
    if (b > a) {
      const dt = b - a;
      const ratio = schedulableMilli > 0 ? allocatedMilli / schedulableMilli : 0;
      this.allocDt += allocatedMilli * dt;
      this.schedDt += schedulableMilli * dt;
      this.ratioDt += ratio * dt;
      this.totalDt += dt;
      const bin = Math.min(BINS, Math.max(0, Math.round(ratio * BINS)));
      this.garHist[bin] = (this.garHist[bin] as number) + dt;
    }
    if (toMs > this.lastMs) this.lastMs = toMs;
  }

  /** Adds a GFR / fragmentation-rate sample. */
  addFragmentation(gfr: number, fragmentationRate: number): void {
    this.gfrSum += gfr;
    this.fragSum += fragmentationRate;
    this.fragSamples++;
  }

  private garMedian(): number {
    let half = this.totalDt / 2;
    for (let i = 0; i <= BINS; i++) {
      half -= this.garHist[i] as number;
      if (half <= 0) return i / BINS;
    }
    return 0;
  }

  /** Final metrics (savings vs baseline filled in later by simulate). */
  finish(energy: EnergyTotals, wallMs: number): SimPolicyMetrics {
    const sortedOf = (xs: number[]) => Float64Array.from(xs).sort();
    const allWaits = sortedOf(this.waits.map((w) => w.waitS));
    const byClass: Record<string, WaitPercentiles> = {};
    const classes = [...new Set(this.waits.map((w) => w.cls))].sort();
    for (const cls of classes) {
      const s = sortedOf(this.waits.filter((w) => w.cls === cls).map((w) => w.waitS));
      byClass[cls] = { jobs: s.length, p50S: quantileSorted(s, 0.5), p90S: quantileSorted(s, 0.9), p99S: quantileSorted(s, 0.99) };
    }
    const jct = sortedOf(this.jcts);
    const abs = sortedOf(this.relErrors.map(Math.abs));
    const signed = sortedOf(this.relErrors);
    const z = (v: number) => (Number.isFinite(v) ? v : 0);
    const gpuHours = this.allocDt / 1000 / 3.6e6;
    return {
      gar: this.totalDt > 0 ? this.ratioDt / this.totalDt : 0,
      garP50: this.garMedian(),
      sor: this.schedDt > 0 ? this.allocDt / this.schedDt : 0,
      gfr: this.fragSamples > 0 ? this.gfrSum / this.fragSamples : 0,
      fragmentationRate: this.fragSamples > 0 ? this.fragSum / this.fragSamples : 0,
      jwtdP50S: z(quantileSorted(allWaits, 0.5)),
      jwtdP90S: z(quantileSorted(allWaits, 0.9)),
      jwtdP99S: z(quantileSorted(allWaits, 0.99)),
      jwtdByClass: byClass,
      jttedMedianRelErr: z(quantileSorted(abs, 0.5)),
      jttedMedianSignedRelErr: z(quantileSorted(signed, 0.5)),
      jobsCompleted: this.completed,
      jobsSkipped: this.skipped,
      deadlineMisses: this.deadlineMisses,
      meanJctS: jct.length > 0 ? jct.reduce((a, b) => a + b, 0) / jct.length : 0,
      p99JctS: z(quantileSorted(jct, 0.99)),
      energyKwh: energy.facilityKwh,
      itEnergyKwh: energy.itKwh,
      emissionsKg: energy.gTotal / 1000,
      jobEmissionsKg: energy.gJobs / 1000,
      allocatedGpuHours: gpuHours,
      emissionsPerGpuHourG: gpuHours > 0 ? energy.gTotal / gpuHours : 0,
      emissionsSavedPctVsBaseline: 0,
      garDeltaPointsVsBaseline: 0,
      meanWaitDeltaSVsBaseline: 0,
      meanWaitS: allWaits.length > 0 ? allWaits.reduce((a, b) => a + b, 0) / allWaits.length : 0,
      decisions: this.decisions,
      events: this.events,
      wallMs,
      jobsUnfinished: this.unfinished,
      jobsRequeued: this.requeued,
      placementConflicts: this.conflicts,
      jobEmissionsSavedPctVsBaseline: 0,
    };
  }

  /** Chart series: samples, a wait CDF of at most ~100 points, emissions per UTC day. */
  timeSeries(energy: EnergyTotals): SimTimeSeries {
    const waits = Float64Array.from(this.waits.map((w) => w.waitS)).sort();
    const waitCdf: { waitS: number; share: number }[] = [];
    const step = Math.max(1, Math.ceil(waits.length / 100));
    for (let i = step - 1; i < waits.length; i += step) waitCdf.push({ waitS: waits[i] as number, share: (i + 1) / waits.length });
    if (waits.length > 0 && waitCdf[waitCdf.length - 1]?.share !== 1) waitCdf.push({ waitS: waits[waits.length - 1] as number, share: 1 });
    const emissionsPerDay = [...energy.perDay.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([d, g]) => ({ day: new Date(d * 86_400_000).toISOString().slice(0, 10), kg: g / 1000 }));
    return { samples: this.samples, waitCdf, emissionsPerDay };
  }
}
