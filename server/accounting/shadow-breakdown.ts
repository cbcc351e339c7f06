/**
 * Where the shadow replay's two policies put the jobs, beside where they ran live (pure): per cluster
 * the jobs started there first and the grams drawn there, and the wait from submission to first
 * start. The audit prints it so a gap between the ledger and the replay can be traced to the
 * clusters each baseline prefers and to queueing the replay has and the live fleet had not.
 */
import type { SimInput, SimRunPart } from "../engine";
import { partsEmissions, simZoneLookup } from "./ledger-validation";
import type { ShadowJob } from "./shadow-replay";

/** Jobs and grams of one run (live, or one replayed policy) on one cluster. */
export interface ClusterLoad {
  jobs: number;
  grams: number;
}

/** Waits (s) from submission to first start over the jobs that started. */
export interface WaitSummary {
  jobs: number;
  meanS: number;
  p50S: number;
  p90S: number;
}

/**
 * Jobs running at once: the mean is the run time of all jobs over the period's length (a replay that
 * runs each job for its recorded wall time has the live mean), the peak the most at one instant.
 */
export interface Concurrency {
  meanJobs: number;
  peakJobs: number;
}

/** The breakdown of one audit. */
export interface ShadowBreakdown {
  clusters: { id: string; name: string; live: ClusterLoad; baseline: ClusterLoad; active: ClusterLoad }[];
  waits: { live: WaitSummary; baseline: WaitSummary; active: WaitSummary };
  concurrency: { live: Concurrency; baseline: Concurrency; active: Concurrency };
}

/** Collects the replay's run parts per policy (pass `onRunPart` to `simulate`). */
export function runPartCollector() {
  const parts = new Map<string, SimRunPart[]>();
  return {
    parts: parts as ReadonlyMap<string, readonly SimRunPart[]>,
    onRunPart(policy: string, part: SimRunPart): void {
      const list = parts.get(policy) ?? [];
      list.push(part);
      parts.set(policy, list);
    },
  };
}

const quantile = (sorted: readonly number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);

/** Mean, median and 90th percentile of waits (nearest rank). */
export function summarizeWaits(waitsS: readonly number[]): WaitSummary {
  const s = [...waitsS].sort((a, b) => a - b);
  return { jobs: s.length, meanS: s.length ? s.reduce((t, w) => t + w, 0) / s.length : 0, p50S: quantile(s, 0.5), p90S: quantile(s, 0.9) };
}

/** Mean and peak jobs running at once over runs [fromMs, toMs) of the given job ids (a job's parts count once at a time). */
export function concurrencyOf(runs: readonly { jobId: string; fromMs: number; toMs: number }[], periodMs: number): Concurrency {
  const events: [number, number][] = [];
  let runMs = 0;
  const perJob = new Map<string, { fromMs: number; toMs: number }[]>();
  for (const r of runs) {
    if (!(r.toMs > r.fromMs)) continue;
    const list = perJob.get(r.jobId) ?? [];
    // Parts of one job on several clusters at the same time (a split) are one running job.
    const same = list.find((x) => x.fromMs === r.fromMs && x.toMs === r.toMs);
    if (same) continue;
    list.push(r);
    perJob.set(r.jobId, list);
    runMs += r.toMs - r.fromMs;
    events.push([r.fromMs, 1], [r.toMs, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, d] of events) peak = Math.max(peak, (now += d));
  return { meanJobs: periodMs > 0 ? runMs / periodMs : 0, peakJobs: peak };
}

/** Grams of the ledger's jobs under each replayed policy (the sums of the per-cluster figures). */
export function replayedGrams(b: ShadowBreakdown): { baseline: number; active: number } {
  return { baseline: b.clusters.reduce((t, c) => t + c.baseline.grams, 0), active: b.clusters.reduce((t, c) => t + c.active.grams, 0) };
}

/** Per-cluster loads and waits of the live run and of the replay's `baseline` and `active` policies. */
export function shadowBreakdown(jobs: readonly ShadowJob[], scenario: SimInput, parts: ReadonlyMap<string, readonly SimRunPart[]>): ShadowBreakdown {
  const lookups = new Map(scenario.zones.map((z) => [z.zone, simZoneLookup(scenario, z.zone)] as const));
  const empty = () => new Map<string, ClusterLoad>(scenario.clusters.map((c) => [c.id, { jobs: 0, grams: 0 }]));
  const arrival = new Map(jobs.map((j) => [j.id, j.submittedAt.getTime()]));
  // Occupants (jobs replayed only to fill capacity) are left out of every figure.
  const ledgerParts = (policy: string) => (parts.get(policy) ?? []).filter((p) => arrival.has(p.jobId));
  const periodMs = scenario.endMs - scenario.startMs;

  const replayed = (policy: string) => {
    const loads = empty();
    const first = new Map<string, SimRunPart>();
    for (const p of ledgerParts(policy)) {
      const load = loads.get(p.clusterId);
      if (load) load.grams += partsEmissions([p], scenario, lookups);
      const f = first.get(p.jobId);
      if (!f || p.fromMs < f.fromMs) first.set(p.jobId, p);
    }
    for (const p of first.values()) {
      const load = loads.get(p.clusterId);
      if (load) load.jobs++;
    }
    const waits = [...first.values()].map((p) => (p.fromMs - (arrival.get(p.jobId) ?? p.fromMs)) / 1000);
    return { loads, waits: summarizeWaits(waits), concurrency: concurrencyOf(ledgerParts(policy), periodMs) };
  };

  const live = empty();
  for (const j of jobs) {
    const load = j.entry.clusterId ? live.get(j.entry.clusterId) : undefined;
    if (!load) continue;
    load.jobs++;
    load.grams += j.entry.actualGCo2e;
  }
  const liveWaits = summarizeWaits(jobs.filter((j) => j.startedAt).map((j) => (j.startedAt!.getTime() - j.submittedAt.getTime()) / 1000));
  const baseline = replayed("baseline");
  const active = replayed("active");
  return {
    clusters: scenario.clusters.map((c) => ({
      id: c.id,
      name: c.name,
      live: live.get(c.id)!,
      baseline: baseline.loads.get(c.id)!,
      active: active.loads.get(c.id)!,
    })),
    waits: { live: liveWaits, baseline: baseline.waits, active: active.waits },
    concurrency: {
      live: concurrencyOf(
        jobs.filter((j) => j.startedAt && j.finishedAt).map((j) => ({ jobId: j.id, fromMs: j.startedAt!.getTime(), toMs: j.finishedAt!.getTime() })),
        periodMs,
      ),
      baseline: baseline.concurrency,
      active: active.concurrency,
    },
  };
}
