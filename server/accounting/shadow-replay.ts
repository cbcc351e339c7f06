/**
 * Shadow replay of the savings ledger (pure): the jobs of a period that have a ledger entry are
 * replayed, with their recorded requests, arrivals (submission times) and run times, through the
 * simulator on the fleet's inventory and the measured intensity, once under the carbon-agnostic
 * baseline preset (least-loaded cluster, BestFit, no waiting for carbon) and once under the active
 * policy. Unlike the ledger's per-job estimate, the replay models queueing and capacity: a job the
 * baseline cannot start at submission waits, as it would have.
 *
 * Compared figures are the jobs' own emissions (idle power of free capacity excluded, as in the
 * ledger), with each job drawing the ledger's node-share power model (GPUs, CPU, memory and its share
 * of the node's idle power) at the coordinator's utilization. Each hour is priced as the ledger prices
 * it: measured, else the newest provider forecast (`forecast`), else the zone's annual average (hours
 * without a measurement are counted in `unmeasuredHours`, those priced at a forecast in `forecastHours`).
 * Limits: the fleet is today's inventory (no node failures or past capacity changes).
 *
 * A job that ran on a simulated cluster at a speed-up (VERDANT_SIM_SPEED, the entry's `workSpeed`)
 * replays for its recorded WALL time, so the replayed fleet carries the concurrency the live fleet
 * carried, and draws its power times `workSpeed` (the simulator's `powerScale`): the energy of the work
 * it did, priced at the intensity of the wall-clock hours it ran in. That is how the ledger accounts
 * the same job (`accountJobHours`: wall seconds x workSpeed x power, each wall hour at its intensity).
 * Its stated estimate stays in work seconds, as the live coordinator saw it. A job on a real cluster
 * (workSpeed 1) replays exactly as before.
 *
 * The active policy's deferral checks allow for the forecast error the live coordinator allowed for
 * (`forecastErrorByZone`, each zone's measured error at the end of the period, else the engine's
 * conservative default), not the smaller error of the replay's own noisy forecast: with the smaller
 * one the replay waited for carbon far more often than the live fleet did.
 */
import {
  createCluster,
  DEFAULT_GPU_UTILIZATION,
  HOUR_MS,
  parseCoordinatorPolicy,
  SIM_POLICY_PRESETS,
  type SimInput,
  type SimJob,
  type SimResult,
  type SimZoneSeries,
  type ForecastErrorBucket,
} from "../engine";

/** A replayed job with its ledger entry (see ledger-audit-repository). */
export interface ShadowJob {
  id: string;
  tenantId: string;
  /** The job's kind as stored ("TRAINING", "INFERENCE", "BATCH"); the active policy's kind objective reads it. Absent = batch. */
  kind?: string;
  priority: number;
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuMilli: number;
  gangSize: number;
  allowedGpuModels: string[];
  allowedRegions: string[];
  estimatedDurationS: number;
  deadlineAt: Date | null;
  submittedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  entry: {
    actualGCo2e: number;
    baselineGCo2e: number;
    baselineMinGCo2e: number | null;
    baselineMaxGCo2e: number | null;
    baselineClusterId: string | null;
    method: string;
    /** Work seconds per wall second of the cluster it ran on (absent = 1). */
    workSpeed?: number;
    /** The cluster it ran on (the first, for a split job); absent on older callers. */
    clusterId?: string;
  };
}

/** A job that held capacity in the period without being replayed for the ledger (see readAuditOccupants). */
export type ShadowOccupant = Omit<ShadowJob, "entry">;

/** The fleet, quotas and zones the replay runs on. */
export interface ShadowFleet {
  clusters: {
    id: string;
    name: string;
    region: string;
    tier: string;
    zoneId: string;
    pue: number;
    nodes: { name: string; cpuMilli: number; memoryMib: number; gpuModelId: string | null; gpuCount: number; rackGroup: string; labels: unknown }[];
  }[];
  gpuModels: SimInput["gpuModels"];
  quotas: { tenantId: string; maxGpus: number }[];
  zones: { id: string; annualAverageGCo2ePerKwh: number }[];
}

/** Everything the replay needs. */
export interface ShadowReplayInput {
  fromMs: number;
  toMs: number;
  jobs: readonly ShadowJob[];
  /** Jobs that only fill capacity as they did live; their emissions are not counted. */
  occupants?: readonly ShadowOccupant[];
  fleet: ShadowFleet;
  measured: readonly { zoneId: string; atMs: number; gCo2ePerKwh: number }[];
  /**
   * The newest provider forecast of zone-hours (readForecastIntensity), used where no measurement
   * exists, as the ledger's intensity lookup does; absent = the annual average there. Without it the
   * hours after the last measurement (the live hours of a fresh demo) were priced at the annual average
   * in the replay and at the forecast in the ledger.
   */
  forecast?: readonly { zoneId: string; atMs: number; gCo2ePerKwh: number }[];
  activePolicy: { name: string; version: number; objectiveWeights: unknown; constraints: unknown };
  /**
   * Each zone's measured forecast error the live coordinator allowed for (zones without one used its
   * conservative default); absent = the replay's own noisy forecast's error.
   */
  forecastErrorByZone?: Readonly<Record<string, readonly ForecastErrorBucket[]>>;
  /**
   * The job shapes the live coordinator learned its target workload from (recent jobs with GPUs, see
   * createFleetCoordinator); absent = the replayed jobs. The fragmentation objective is min-max
   * normalised, so a different workload reorders near-tied clusters: on the quiet demo the replayed
   * active policy put 15 of 55 jobs on fra-hub-1 and dfw-edge-1, where the live coordinator put none.
   */
  workloadShapes?: readonly { cpuMilli: number; gpuCount: number; gpuMilli: number; allowedGpuModels: readonly string[] }[];
}

/** Hours of intensity the replay may read after the period (long runs and deferrals). */
const TAIL_HOURS = 14 * 24;
const SEED = 1;

/** The job's class for per-class waits. */
function jobClass(j: ShadowJob): string {
  if (j.gpuCount === 0) return "cpu";
  if (j.gpuMilli < 1000) return "share";
  return j.gpuCount === 1 ? "1-gpu" : "multi-gpu";
}

/** The stored kind as the engine's (training prefers hubs, inference regional and edge clusters); unknown = batch. */
function simKind(kind: string | undefined): "training" | "inference" | "batch" {
  const k = kind?.toLowerCase();
  return k === "training" || k === "inference" ? k : "batch";
}

/**
 * A recorded job as the simulator's job: its wall run time (else its estimate) and, on a sped-up
 * simulated cluster, power scaled by the speed-up so it draws the energy of the work it did.
 */
export function simJob(j: ShadowJob): SimJob {
  const wallS = j.startedAt && j.finishedAt ? (j.finishedAt.getTime() - j.startedAt.getTime()) / 1000 : null;
  const speed = j.entry.workSpeed ?? 1;
  // Real clusters keep whole seconds, as before; a sped-up run keeps its exact wall time, since every
  // wall second stands for `speed` seconds of priced work.
  const ranS = wallS === null ? null : speed === 1 ? Math.round(wallS) : wallS;
  return {
    id: j.id,
    tenant: j.tenantId,
    jobClass: jobClass(j),
    priority: j.priority,
    arrivalMs: j.submittedAt.getTime(),
    durationS: Math.max(1, ranS ?? j.estimatedDurationS),
    userEstimateS: j.estimatedDurationS,
    cpuMilli: j.cpuMilli,
    memoryMib: j.memoryMib,
    gpuCount: j.gpuCount,
    gpuMilliPerGpu: j.gpuMilli,
    allowedGpuModels: j.allowedGpuModels,
    gangSize: j.gangSize,
    gpuUtilization: DEFAULT_GPU_UTILIZATION,
    deadlineMs: j.deadlineAt?.getTime() ?? null,
    allowedRegions: j.allowedRegions,
    kind: simKind(j.kind),
    ...(speed !== 1 && wallS !== null ? { powerScale: speed } : {}),
  };
}

/**
 * An occupant as the simulator's job, inside the period: from its submission (or the period's start)
 * for its wall run time, or, still running, until the period's end.
 */
export function occupantJob(o: ShadowOccupant, fromMs: number, toMs: number): SimJob {
  const startMs = Math.max(o.startedAt!.getTime(), fromMs);
  const endMs = Math.min(o.finishedAt?.getTime() ?? toMs, toMs);
  const base = simJob({
    ...o,
    entry: { actualGCo2e: 0, baselineGCo2e: 0, baselineMinGCo2e: null, baselineMaxGCo2e: null, baselineClusterId: null, method: "" },
  });
  return { ...base, arrivalMs: Math.max(o.submittedAt.getTime(), fromMs), durationS: Math.max(1, Math.round((endMs - startMs) / 1000)) };
}

/** The replay's intensity: zone series and how many zone-hours of the period lacked a measurement. */
interface ShadowIntensity {
  zones: SimZoneSeries[];
  /** Zone-hours of the period without a measurement. */
  unmeasuredHours: number;
  /** Of those, the zone-hours priced at a provider forecast (the rest at the annual average). */
  forecastHours: number;
}

/** Hourly series per zone as the ledger prices hours: measured, else the newest forecast, else the annual average (counted). */
function zoneSeries(input: ShadowReplayInput, startMs: number, hours: number): ShadowIntensity {
  const measured = new Map(input.measured.map((m) => [`${m.zoneId}@${m.atMs}`, m.gCo2ePerKwh]));
  const forecast = new Map((input.forecast ?? []).map((f) => [`${f.zoneId}@${f.atMs}`, f.gCo2ePerKwh]));
  let unmeasuredHours = 0;
  let forecastHours = 0;
  const periodHours = Math.ceil((input.toMs - startMs) / HOUR_MS);
  const zones = input.fleet.zones.map((z) => ({
    zone: z.id,
    startMs,
    gCo2ePerKwh: Array.from({ length: hours }, (_, h) => {
      const key = `${z.id}@${startMs + h * HOUR_MS}`;
      const v = measured.get(key);
      if (v !== undefined) return v;
      const f = forecast.get(key);
      if (h < periodHours) {
        unmeasuredHours++;
        if (f !== undefined) forecastHours++;
      }
      return f ?? z.annualAverageGCo2ePerKwh;
    }),
    provider: "recorded",
    emissionFactorType: "lifecycle" as const,
  }));
  return { zones, unmeasuredHours, forecastHours };
}

/** The simulator input of the replay, and how many zone-hours of the period were not measured (and of those, priced at a forecast). */
export function buildShadowScenario(input: ShadowReplayInput): { scenario: SimInput; unmeasuredHours: number; forecastHours: number } {
  const startMs = Math.floor(input.fromMs / HOUR_MS) * HOUR_MS;
  const hours = Math.ceil((input.toMs - startMs) / HOUR_MS) + TAIL_HOURS;
  const { zones, unmeasuredHours, forecastHours } = zoneSeries(input, startMs, hours);
  const baseline = SIM_POLICY_PRESETS.find((p) => p.name === "baseline")!;
  const active = { name: "active", label: `${input.activePolicy.name} v${input.activePolicy.version}`, policy: parseCoordinatorPolicy(input.activePolicy) };
  const scenario: SimInput = {
    name: "ledger-audit",
    seed: SEED,
    startMs: input.fromMs,
    endMs: input.toMs,
    clusters: input.fleet.clusters.map((c) => ({
      id: c.id,
      name: c.name,
      region: c.region,
      zone: c.zoneId,
      tier: c.tier.toLowerCase() as SimInput["clusters"][number]["tier"],
      pue: c.pue,
      jobPowerModel: "node-share",
      state: createCluster(
        c.nodes.map((n) => ({
          name: n.name,
          cpuMilli: n.cpuMilli,
          memoryMib: n.memoryMib,
          gpuCount: n.gpuCount,
          gpuModel: n.gpuModelId,
          rack: n.rackGroup,
          labels: (n.labels ?? {}) as Record<string, string>,
        })),
      ),
    })),
    zones,
    gpuModels: input.fleet.gpuModels,
    tenants: input.fleet.quotas.map((q) => ({ tenant: q.tenantId, maxGpus: q.maxGpus })),
    jobs: [...input.jobs.map(simJob), ...(input.occupants ?? []).map((o) => occupantJob(o, input.fromMs, input.toMs))].sort(
      (a, b) => a.arrivalMs - b.arrivalMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    ),
    capacityEvents: [],
    policies: [baseline, active],
    baseline: baseline.name,
    forecast: {
      method: "noisy-truth",
      noiseSigma: 0.1,
      horizonHours: 48,
      ...(input.forecastErrorByZone ? { errorByZone: input.forecastErrorByZone } : {}),
    },
    sampleEveryS: 3600,
    ...(input.workloadShapes
      ? {
          targetWorkloadJobs: input.workloadShapes
            .filter((s) => s.gpuCount > 0)
            .map((s) => ({ cpuMilli: s.cpuMilli, gpuCount: s.gpuCount, gpuMilliPerGpu: s.gpuMilli, allowedGpuModels: s.allowedGpuModels })),
        }
      : {}),
  };
  return { scenario, unmeasuredHours, forecastHours };
}

/** The audit's figures (grams; percentages of the baseline). */
export interface LedgerAuditSummary {
  entries: number;
  methods: Record<string, number>;
  /** Largest share of entries whose baseline names one cluster (null when no entry names one). */
  baselineClusterShareMax: number | null;
  ledger: { actualG: number; baselineG: number; baselineMinG: number | null; baselineMaxG: number | null; savedPct: number | null };
  shadow: { baselineG: number; activeG: number; savedPct: number | null; jobsNotFinished: { baseline: number; active: number } };
  /** Zone-hours of the period without a measurement. */
  unmeasuredHours: number;
  /** Of those, the zone-hours both methods priced at a provider forecast (the rest at the annual average). */
  forecastHours: number;
}

const pctSaved = (baseline: number, actual: number) => (baseline > 0 ? (100 * (baseline - actual)) / baseline : null);

/** The largest share of entries naming one baseline cluster, or null when none names one. */
export function baselineClusterShareMax(entries: readonly { baselineClusterId: string | null }[]): number | null {
  const counts = new Map<string, number>();
  for (const e of entries) if (e.baselineClusterId !== null) counts.set(e.baselineClusterId, (counts.get(e.baselineClusterId) ?? 0) + 1);
  if (counts.size === 0 || entries.length === 0) return null;
  return Math.max(...counts.values()) / entries.length;
}

/**
 * Sums the ledger's entries beside the replay's totals. `replayedG` (the grams of the ledger's jobs
 * alone, from their run parts) replaces the simulator's job totals when the replay also ran occupants.
 */
export function summarizeAudit(
  jobs: readonly ShadowJob[],
  result: SimResult,
  unmeasuredHours: number,
  replayedG?: { baseline: number; active: number },
  forecastHours = 0,
): LedgerAuditSummary {
  const sum = (f: (j: ShadowJob) => number) => jobs.reduce((t, j) => t + f(j), 0);
  const spread = jobs.every((j) => j.entry.baselineMinGCo2e !== null && j.entry.baselineMaxGCo2e !== null);
  const methods: Record<string, number> = {};
  for (const j of jobs) methods[j.entry.method] = (methods[j.entry.method] ?? 0) + 1;
  const actualG = sum((j) => j.entry.actualGCo2e);
  const baselineG = sum((j) => j.entry.baselineGCo2e);
  const b = result.policies.baseline!;
  const a = result.policies.active!;
  const notFinished = (m: typeof b) => m.jobsSkipped + (m.jobsUnfinished ?? 0);
  return {
    entries: jobs.length,
    methods,
    baselineClusterShareMax: baselineClusterShareMax(jobs.map((j) => j.entry)),
    ledger: {
      actualG,
      baselineG,
      baselineMinG: spread ? sum((j) => j.entry.baselineMinGCo2e!) : null,
      baselineMaxG: spread ? sum((j) => j.entry.baselineMaxGCo2e!) : null,
      savedPct: pctSaved(baselineG, actualG),
    },
    shadow: {
      baselineG: replayedG?.baseline ?? b.jobEmissionsKg * 1000,
      activeG: replayedG?.active ?? a.jobEmissionsKg * 1000,
      savedPct: replayedG ? pctSaved(replayedG.baseline, replayedG.active) : pctSaved(b.jobEmissionsKg, a.jobEmissionsKg),
      jobsNotFinished: { baseline: notFinished(b), active: notFinished(a) },
    },
    unmeasuredHours,
    forecastHours,
  };
}
