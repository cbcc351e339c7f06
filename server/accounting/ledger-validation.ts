/**
 * Validation of the ledger's per-job baseline (method 1, `capacity-weighted-start-at-submit@2`)
 * against a ground truth it never sees: in the simulator, the carbon-agnostic baseline policy runs the
 * same jobs, and its emissions per job are the truth; method 1 is computed from the verdant run's jobs
 * exactly as the live ledger computes it (the run's IT energy profile, shifted to submission, over the
 * clusters that could hold the job, weighted by `usableCapacity`, priced by `estimateBaseline`).
 *
 * What differs from the live ledger, stated so the figures are read right: the candidates are the
 * clusters whose nodes could hold one member of the job (GPU model, GPUs per node, CPU, memory,
 * regions) rather than the coordinator's whole filter chain on an idle fleet; and the intensity is the
 * simulator's true series (every hour measured). Both policies' job energy is the simulator's GPU
 * power, so the truth and the estimate count the same power model.
 */
import { HOUR_MS, type SimInput, type SimJob, type SimRunPart } from "../engine";
import { estimateBaseline, usableCapacity, type BaselineCandidate, type ShiftedRun } from "./baseline";
import { hourSlices, type IntensityLookup } from "./energy-hours";

/** An hourly lookup of a simulated zone's true intensity (the nearest hour inside the series outside it). */
export function simZoneLookup(input: SimInput, zone: string): IntensityLookup {
  const series = input.zones.find((z) => z.zone === zone);
  if (!series) throw new RangeError(`no intensity series for zone ${zone}`);
  const last = series.gCo2ePerKwh.length - 1;
  return (hourStartMs) => {
    const i = Math.min(last, Math.max(0, Math.floor((hourStartMs - series.startMs) / HOUR_MS)));
    return { gCo2ePerKwh: series.gCo2ePerKwh[i]!, source: "measured" };
  };
}

/** Emissions (g) of a job's run parts: each part's IT power over its hours, times its cluster's PUE and zone intensity. */
export function partsEmissions(parts: readonly SimRunPart[], input: SimInput, lookups: ReadonlyMap<string, IntensityLookup>): number {
  let grams = 0;
  for (const p of parts) {
    const cluster = input.clusters.find((c) => c.id === p.clusterId)!;
    const intensity = lookups.get(cluster.zone)!;
    for (const s of hourSlices(p.fromMs, p.toMs)) grams += ((p.itWatts * (s.toMs - s.fromMs)) / 3.6e9) * cluster.pue * intensity(s.hourStartMs).gCo2ePerKwh;
  }
  return grams;
}

/** The job's run as the ledger sees it: IT energy and wall time per UTC hour, from its run parts. */
export function shiftedRunOf(job: SimJob, parts: readonly SimRunPart[]): ShiftedRun {
  const hours = new Map<number, { hourStartMs: number; wallSeconds: number; itEnergyKwh: number }>();
  for (const p of parts) {
    for (const s of hourSlices(p.fromMs, p.toMs)) {
      const h = hours.get(s.hourStartMs) ?? { hourStartMs: s.hourStartMs, wallSeconds: 0, itEnergyKwh: 0 };
      h.wallSeconds += (s.toMs - s.fromMs) / 1000;
      h.itEnergyKwh += (p.itWatts * (s.toMs - s.fromMs)) / 3.6e9;
      hours.set(s.hourStartMs, h);
    }
  }
  const runStartMs = Math.min(...parts.map((p) => p.fromMs));
  return { hours: [...hours.values()].sort((a, b) => a.hourStartMs - b.hourStartMs), runStartMs, submittedAtMs: job.arrivalMs };
}

/** The clusters that could hold one member of `job` on an idle fleet, weighted by the capacity it could use there. */
export function simCandidates(input: SimInput, job: SimJob): BaselineCandidate[] {
  const allowedModels = new Set(job.allowedGpuModels);
  return input.clusters
    .filter((c) => job.allowedRegions.length === 0 || job.allowedRegions.includes(c.region))
    .filter((c) =>
      c.state.nodes.some(
        (n) =>
          n.cpuMilliCapacity >= job.cpuMilli &&
          n.memoryMibCapacity >= job.memoryMib &&
          (job.gpuCount === 0 || (n.gpuModel !== null && (allowedModels.size === 0 || allowedModels.has(n.gpuModel)) && n.gpuMilliFree.length >= job.gpuCount)),
      ),
    )
    .map((c) => ({
      clusterId: c.id,
      zoneId: c.zone,
      pue: c.pue,
      capacity: usableCapacity(
        c.state.nodes.map((n) => ({ gpuModel: n.gpuModel, gpus: n.gpuMilliFree.length, cpuMilli: n.cpuMilliCapacity })),
        job,
      ),
    }));
}

/** Method 1 against the simulated truth over the jobs both runs finished. */
export interface LedgerValidation {
  /** Jobs compared (finished under both policies, with at least one candidate). */
  jobs: number;
  /** Σ method-1 baseline (g). */
  estimateG: number;
  /** Σ the baseline policy's emissions of the same jobs (g): the truth. */
  truthG: number;
  /** Σ the verdant run's emissions of the same jobs (g): the ledger's "actual". */
  actualG: number;
  /** estimateG / truthG. */
  ratio: number;
  /** Median over jobs of estimate / truth. */
  medianJobRatio: number;
  /** Saved share by method 1 and by the truth (%), and the difference in points. */
  savedPctEstimate: number;
  savedPctTruth: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Compares method 1 (from the `verdant` policy's parts) with the truth (the `baseline` policy's parts)
 * for every job with parts in both runs. `parts` maps policy name to job id to its run parts.
 */
export function validateLedger(
  input: SimInput,
  parts: ReadonlyMap<string, ReadonlyMap<string, SimRunPart[]>>,
  policies: { verdant: string; baseline: string },
): LedgerValidation {
  const lookups = new Map(input.zones.map((z) => [z.zone, simZoneLookup(input, z.zone)] as const));
  const active = parts.get(policies.verdant) ?? new Map<string, SimRunPart[]>();
  const base = parts.get(policies.baseline) ?? new Map<string, SimRunPart[]>();
  let estimateG = 0;
  let truthG = 0;
  let actualG = 0;
  const ratios: number[] = [];
  for (const job of input.jobs) {
    const a = active.get(job.id);
    const b = base.get(job.id);
    if (!a?.length || !b?.length) continue;
    const estimate = estimateBaseline(shiftedRunOf(job, a), simCandidates(input, job), (zone) => lookups.get(zone)!);
    if (!estimate) continue;
    const truth = partsEmissions(b, input, lookups);
    estimateG += estimate.gCo2e;
    truthG += truth;
    actualG += partsEmissions(a, input, lookups);
    if (truth > 0) ratios.push(estimate.gCo2e / truth);
  }
  const saved = (baseline: number) => (baseline > 0 ? (100 * (baseline - actualG)) / baseline : NaN);
  return {
    jobs: ratios.length,
    estimateG,
    truthG,
    actualG,
    ratio: truthG > 0 ? estimateG / truthG : NaN,
    medianJobRatio: median(ratios),
    savedPctEstimate: saved(estimateG),
    savedPctTruth: saved(truthG),
  };
}
