/**
 * Contention on top of a loaded scenario: priority classes for every job (as the seeded
 * PriorityClass rows: production 1000 may preempt and is never preempted, standard 500 may preempt
 * best-effort and may be preempted, best-effort 100 is preempted first and checkpoints) and large gang
 * jobs (whole 8-GPU nodes, 4-16 of them) among the trace's jobs. Everything is drawn from one seeded
 * generator so a seed gives the same workload for every policy variant.
 */
import { createRng, mixSeed, type Rng, type SimInput, type SimJob } from "@/server/engine";

/** Options of {@link addContention}; the defaults are the ones docs/benchmarks/simulator-load.md reports. */
export interface ContentionOptions {
  /** Shares of the production and standard classes; the rest is best-effort. */
  readonly productionShare: number;
  readonly standardShare: number;
  /** Best-effort jobs checkpoint every 30-60 minutes of run time (uniform, whole minutes). */
  readonly checkpointMinutes: readonly [number, number];
  /** Gang jobs added, as a share of the trace's jobs. */
  readonly gangShare: number;
  /** Members (nodes of 8 GPUs) of a gang job, uniform inclusive. */
  readonly gangMembers: readonly [number, number];
  /** Gang run time: log-normal with this median (s) and sigma, clamped to [minS, maxS]. */
  readonly gangMedianS: number;
  readonly gangSigma: number;
  readonly gangMinS: number;
  readonly gangMaxS: number;
  /** Share of gang jobs that are elastic: they may start with half their members (rounded up) and grow later. */
  readonly elasticShare: number;
}

/** The defaults (10 % production, 60 % standard, 30 % best-effort; 2 % gang jobs of 32-128 GPUs). */
export const DEFAULT_CONTENTION: ContentionOptions = {
  productionShare: 0.1,
  standardShare: 0.6,
  checkpointMinutes: [30, 60],
  gangShare: 0.02,
  gangMembers: [4, 16],
  gangMedianS: 2 * 3600,
  gangSigma: 0.8,
  gangMinS: 1800,
  gangMaxS: 24 * 3600,
  elasticShare: 0,
};

/** The seeded priority classes (prisma migration fleet_contention). */
const CLASSES = {
  production: { priority: 1000, mayPreempt: true, preemptible: false },
  standard: { priority: 500, mayPreempt: true, preemptible: true },
  "best-effort": { priority: 100, mayPreempt: false, preemptible: true },
} as const;

/** Standard normal draw (Box-Muller) from the seeded generator. */
function normal(rng: Rng): number {
  const u = Math.max(1e-12, rng.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Draws a class and applies it: production jobs never wait for carbon (no window), best-effort jobs checkpoint. */
function withClass(job: SimJob, rng: Rng, o: ContentionOptions): SimJob {
  const u = rng.next();
  const name = u < o.productionShare ? "production" : u < o.productionShare + o.standardShare ? "standard" : "best-effort";
  const cls = CLASSES[name];
  const [lo, hi] = o.checkpointMinutes;
  const interval = rng.nextInt(hi - lo + 1) + lo;
  return {
    ...job,
    priority: cls.priority,
    priorityClass: name,
    mayPreempt: cls.mayPreempt,
    preemptible: cls.preemptible,
    // Best-effort jobs and every gang (distributed training) checkpoint; other jobs restart from the start.
    checkpointIntervalS: name === "best-effort" || job.jobClass === "gang" ? interval * 60 : null,
    deadlineMs: name === "production" ? null : job.deadlineMs,
  };
}

/** One gang job of 4-16 whole 8-GPU nodes arriving uniformly within the trace's arrival span. */
function gangJob(i: number, rng: Rng, o: ContentionOptions, span: { from: number; to: number }, tenants: readonly string[]): SimJob {
  const [lo, hi] = o.gangMembers;
  const members = rng.nextInt(hi - lo + 1) + lo;
  const durationS = Math.round(Math.min(o.gangMaxS, Math.max(o.gangMinS, o.gangMedianS * Math.exp(o.gangSigma * normal(rng)))));
  return {
    id: `gang-${i}`,
    tenant: tenants[rng.nextInt(tenants.length)] ?? "tenant-0",
    jobClass: "gang",
    priority: 0,
    arrivalMs: Math.round(span.from + rng.next() * (span.to - span.from)),
    durationS,
    userEstimateS: null,
    cpuMilli: 32_000,
    memoryMib: 131_072,
    gpuCount: 8,
    gpuMilliPerGpu: 1000,
    allowedGpuModels: [],
    gangSize: members,
    gpuUtilization: 0.9,
    deadlineMs: null,
    allowedRegions: [],
  };
}

/**
 * The scenario with gang jobs added and a class on every job (see the file header). Gangs take the
 * classes' shares like any job; the jobs stay sorted by arrival.
 */
export function addContention(input: SimInput, seed: number, options: ContentionOptions = DEFAULT_CONTENTION): SimInput {
  const rng = createRng(mixSeed(seed, 0x10ad));
  const arrivals = input.jobs.map((j) => j.arrivalMs);
  const span = { from: Math.min(...arrivals), to: Math.max(...arrivals) };
  const tenants = [...new Set(input.jobs.map((j) => j.tenant))].sort();
  const gangs = Array.from({ length: Math.round(options.gangShare * input.jobs.length) }, (_, i) => gangJob(i, rng, options, span, tenants));
  // Elastic gangs from a generator of their own, so the share changes nothing else of the workload.
  const elasticRng = createRng(mixSeed(seed, 0xe1a5));
  for (let i = 0; i < gangs.length; i++) {
    const g = gangs[i] as SimJob;
    if (elasticRng.next() < options.elasticShare) gangs[i] = { ...g, minMembers: Math.ceil(g.gangSize / 2) };
  }
  const jobs = [...input.jobs, ...gangs].sort((a, b) => a.arrivalMs - b.arrivalMs || (a.id < b.id ? -1 : 1)).map((j) => withClass(j, rng, options));
  return { ...input, jobs };
}
