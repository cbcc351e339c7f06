/**
 * Metric accumulators of one policy run, turned into SimPolicyMetrics and SimTimeSeries at the end
 * (definitions in shared/docs/ALGORITHMS.md and docs/metrics.md). Integrated exactly between events
 * over the simulated period:
 *   GAR = time-average of allocated / schedulable GPU milli (how full the fleet was);
 *   SOR = GPU time of runs whose work counted (completed, or still running at the end)
 *         / GPU time held (every run, including runs a node failure cut short, whose work is lost
 *           because jobs restart from scratch, plus start-up time and reservations held idle).
 * SOR asks how much of the GPU time the scheduler handed out produced results, so it differs from
 * GAR in principle: an idle fleet has a low GAR and an SOR of 1, a fleet whose nodes keep failing
 * under long jobs has a high GAR and a low SOR. The simulator models no start-up time (a job runs from
 * the instant it is allocated) and a reservation holds nodes only from its start, when the job starts
 * or the reservation is dropped, so here lost runs are the whole difference.
 * A preempted run loses only the work since its last checkpoint (the rest was saved and is not run
 * again): that part leaves SOR's numerator and is reported as GPU-hours lost to preemption.
 * JWTD (start - arrival) counts every arrived job that started, and jobs still waiting at the end
 * censored when the run ends (their wait is at least that long; `jwtdCensoredJobs` says how many).
 * GFR and the FGD fragmentation rate are averaged over the periodic samples.
 */
import { quantileSorted } from "../estimate/quantile";
import type { EnergyTotals } from "./energy-meter";
import { LARGE_JOB_GPUS, type SimPolicyMetrics, type SimTimeSeries, type WaitPercentiles } from "./types";

const BINS = 1000;

/** Running sums of one policy run. */
export class MetricAccumulator {
  private lastMs: number;
  private allocDt = 0;
  private ratioDt = 0;
  private totalDt = 0;
  /** GPU milli x ms of runs a node failure cut short (their work restarts from scratch). */
  private lostDt = 0;
  /** Current run of each running job: its GPU milli and start. */
  private readonly runs = new Map<string, { milli: number; startMs: number }>();
  private readonly garHist = new Float64Array(BINS + 1);
  readonly waits: { cls: string; waitS: number; large: boolean }[] = [];
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
  /** Jobs still waiting at the end whose JWTD entry is censored at the end of the window. */
  censoredWaits = 0;
  requeued = 0;
  preemptions = 0;
  /** GPU milli x ms of work preempted runs lost (since their last checkpoint). */
  private preemptLostDt = 0;
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
      this.ratioDt += ratio * dt;
      this.totalDt += dt;
      const bin = Math.min(BINS, Math.max(0, Math.round(ratio * BINS)));
      this.garHist[bin] = (this.garHist[bin] as number) + dt;
    }
    if (toMs > this.lastMs) this.lastMs = toMs;
  }

  /** A job started a run holding `milli` GPU milli. */
  runStarted(jobId: string, milli: number, atMs: number): void {
    this.runs.set(jobId, { milli, startMs: atMs });
  }

  /** A job's run ended; `lost` when a node failure cut it short (its GPU time leaves SOR's numerator). */
  runEnded(jobId: string, atMs: number, lost: boolean): void {
    const run = this.runs.get(jobId);
    if (!run) return;
    this.runs.delete(jobId);
    if (!lost) return;
    const a = Math.max(run.startMs, this.startMs);
    const b = Math.min(atMs, this.endMs);
    if (b > a) this.lostDt += run.milli * (b - a);
  }

  /**
   * An elastic run shed `shedMilli` of its GPU milli for a higher-priority job at `atMs`: the shed
   * members' work since `savedUntilMs` is lost (counted as a preemption); the run goes on with the rest.
   */
  runShrunk(jobId: string, atMs: number, savedUntilMs: number, shedMilli: number): void {
    const run = this.runs.get(jobId);
    if (!run) return;
    this.preemptions++;
    const from = Math.max(run.startMs, savedUntilMs);
    this.preemptLostDt += shedMilli * Math.max(0, atMs - from);
    const a = Math.max(from, this.startMs);
    const b = Math.min(atMs, this.endMs);
    if (b > a) this.lostDt += shedMilli * (b - a);
    this.runs.set(jobId, { ...run, milli: run.milli - shedMilli });
  }

  /** An elastic run grew by `addedMilli` of GPU milli (members that joined as capacity freed). */
  runGrown(jobId: string, addedMilli: number): void {
    const run = this.runs.get(jobId);
    if (run) this.runs.set(jobId, { ...run, milli: run.milli + addedMilli });
  }

  /**
   * A run stopped for a higher-priority job at `atMs`: the work since `savedUntilMs` (its last checkpoint,
   * or its start) is lost and leaves SOR's numerator; the saved part counted and is not run again.
   */
  runPreempted(jobId: string, atMs: number, savedUntilMs: number): void {
    const run = this.runs.get(jobId);
    if (!run) return;
    this.runs.delete(jobId);
    this.preemptions++;
    const lostMs = Math.max(0, atMs - Math.max(run.startMs, savedUntilMs));
    this.preemptLostDt += run.milli * lostMs;
    const a = Math.max(Math.max(run.startMs, savedUntilMs), this.startMs);
    const b = Math.min(atMs, this.endMs);
    if (b > a) this.lostDt += run.milli * (b - a);
  }

  /** Records one job's wait (first start - arrival) under its class; `gpus` (all members) decides whether it counts as large. */
  addWait(cls: string, gpus: number, waitS: number): void {
    this.waits.push({ cls, waitS, large: gpus >= LARGE_JOB_GPUS });
  }

  /** A job that arrived at `arrivalMs` never started: its wait is censored at `endMs` (it waited at least that long). */
  addCensoredWait(cls: string, gpus: number, arrivalMs: number, endMs: number): void {
    this.addWait(cls, gpus, Math.max(0, endMs - arrivalMs) / 1000);
    this.censoredWaits++;
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
    const large = sortedOf(this.waits.filter((w) => w.large).map((w) => w.waitS));
    const mean = (xs: Float64Array) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const jct = sortedOf(this.jcts);
    const abs = sortedOf(this.relErrors.map(Math.abs));
    const signed = sortedOf(this.relErrors);
    const z = (v: number) => (Number.isFinite(v) ? v : 0);
    const gpuHours = this.allocDt / 1000 / 3.6e6;
    return {
      gar: this.totalDt > 0 ? this.ratioDt / this.totalDt : 0,
      garP50: this.garMedian(),
      sor: this.allocDt > 0 ? (this.allocDt - this.lostDt) / this.allocDt : 0,
      gfr: this.fragSamples > 0 ? this.gfrSum / this.fragSamples : 0,
      fragmentationRate: this.fragSamples > 0 ? this.fragSum / this.fragSamples : 0,
      jwtdP50S: z(quantileSorted(allWaits, 0.5)),
      jwtdP90S: z(quantileSorted(allWaits, 0.9)),
      jwtdP99S: z(quantileSorted(allWaits, 0.99)),
      jwtdByClass: byClass,
      jwtdCensoredJobs: this.censoredWaits,
      jttedMedianRelErr: z(quantileSorted(abs, 0.5)),
      jttedP90RelErr: z(quantileSorted(abs, 0.9)),
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
      meanWaitS: mean(allWaits),
      decisions: this.decisions,
      events: this.events,
      wallMs,
      jobsUnfinished: this.unfinished,
      jobsRequeued: this.requeued,
      placementConflicts: this.conflicts,
      jobEmissionsSavedPctVsBaseline: 0,
      preemptions: this.preemptions,
      gpuHoursLostToPreemption: this.preemptLostDt / 1000 / 3.6e6,
      waitP99S: z(quantileSorted(allWaits, 0.99)),
      largeJobs: large.length,
      waitLargeMeanS: mean(large),
      waitLargeP99S: z(quantileSorted(large, 0.99)),
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
