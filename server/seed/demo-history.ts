/**
 * Demo history: the last `days` days of completed jobs, replayed through the real coordinator so the
 * dashboards have data on the first start. Jobs are sampled (seeded) from the openb trace and
 * submitted evenly over the period; each is decided by the coordinator on an in-memory fleet at its
 * submission time (a deferred job is decided again at its chosen start), runs for its duration and
 * is then accounted with the same functions as the live worker (power model, PUE, measured hourly
 * intensity, the least-loaded baseline). Cluster samples are taken every hour. Jobs still running
 * at "now" are left out. Deterministic for a given clock.
 */
import { accountJobHours, hourFloor, HOUR_MS, mergeHours, powerModelWatts, sumJobHours, type JobHour } from "../accounting/energy-hours";
import { BASELINE_METHOD, baselineEmissions, chooseBaselineCluster } from "../accounting/baseline";
import { clusterPowerModelWatts } from "../accounting/cluster-power";
import type { OpenbPod } from "../data/openb-csv";
import type { DbTx } from "./demo-history-write";
import {
  buildTargetWorkload,
  createCoordinator,
  type ClusterState,
  createIntensitySeries,
  createNode,
  allocate,
  release,
  mixSeed,
  createRng,
  type CoordinatorDecision,
  type FleetCluster,
  type FleetSnapshot,
  type HourProvenance,
  type RunningJob,
  type DecisionPart,
} from "../engine";
import { buildDemoJobs, type DemoJob } from "./demo-jobs";
import type { DemoSample } from "./demo-carbon";
import { clustersThatCouldHold, emptyFleet } from "../services/fleet-feasibility";
import { toFleetJob } from "../services/fleet-snapshot";
import { writeDemoHistory } from "./demo-history-write";

/** Inputs the seed already has in hand. */
export interface HistoryInput {
  now: Date;
  days: number;
  jobsPerDay: number;
  seed: number;
  pods: OpenbPod[];
  clusters: { id: string; name: string; region: string; tier: "HUB" | "REGIONAL" | "EDGE"; zoneId: string; pue: number }[];
  nodes: {
    clusterId: string;
    name: string;
    cpuMilli: number;
    memoryMib: number;
    gpuModelId: string | null;
    gpuCount: number;
    labels: Record<string, string>;
    rackGroup: string;
  }[];
  gpuModels: { id: string; memoryGib: number; computeUnits: number; idleWatts: number; maxWatts: number }[];
  samples: DemoSample[];
  zones: { id: string; annualAverageGCo2ePerKwh: number }[];
  tenants: { id: string; userId: string; maxGpus: number; carbonBudgetKgPerMonth: number | null }[];
  policy: { id: string; name: string; version: number; objectiveWeights: unknown; constraints: unknown };
}

const PROVIDER = "Electricity Maps (2023 data, replayed)";
const MAX_DURATION_S = 12 * 3600;

interface Placed {
  jobId: string;
  job: DemoJob & { id: string; tenantId: string; submittedById: string };
  parts: DecisionPart[];
  startMs: number;
  endMs: number;
  decisions: { outcome: "PLACED" | "DEFERRED"; decision: CoordinatorDecision; atMs: number }[];
  baseline: { clusterId: string; zoneId: string; pue: number } | null;
}

/** Computes the history rows (pure apart from the engine) and writes them with `tx`. */
export async function seedDemoHistory(tx: DbTx, input: HistoryInput) {
  const rows = buildDemoHistory(input);
  await writeDemoHistory(tx, rows);
  return { jobs: rows.jobs.length, energyHours: rows.energyHours.length, clusterSamples: rows.clusterSamples.length };
}

/** The rows of the history. */
export function buildDemoHistory(input: HistoryInput) {
  const nowMs = input.now.getTime();
  const startMs = hourFloor(nowMs - input.days * 24 * HOUR_MS);
  const rng = createRng(input.seed);
  const measured = new Map<string, number>();
  for (const s of input.samples) if (s.kind === "MEASURED") measured.set(`${s.zoneId}@${s.at.getTime()}`, s.gCo2ePerKwh);
  const annual = new Map(input.zones.map((z) => [z.id, z.annualAverageGCo2ePerKwh]));
  const intensityOf = (zoneId: string) => (hourMs: number) => {
    const v = measured.get(`${zoneId}@${hourMs}`);
    return v !== undefined ? { gCo2ePerKwh: v, source: "measured" as const } : { gCo2ePerKwh: annual.get(zoneId) ?? 0, source: "annual-average" as const };
  };
  const models = new Map(input.gpuModels.map((m) => [m.id, m]));

  // The jobs: trace shapes, submitted evenly over the period (not in its last two hours).
  const count = input.days * input.jobsPerDay;
  const span = nowMs - 2 * HOUR_MS - startMs;
  const jobs = buildDemoJobs(input.pods, count, input.tenants.length, input.now, input.seed).map((j, i) => {
    const submittedAt = new Date(startMs + Math.floor(((i + rng.next()) * span) / count / 1000) * 1000);
    const durationS = Math.min(MAX_DURATION_S, j.estimatedDurationS);
    const tenant = input.tenants[j.tenantIndex]!;
    return {
      ...j,
      id: `job-hist-${String(i).padStart(4, "0")}`,
      name: `hist-${j.name}`,
      idempotencyKey: `history-${i}`,
      tenantId: tenant.id,
      submittedById: tenant.userId,
      submittedAt,
      estimatedDurationS: durationS,
      earliestStartAt: j.earliestStartAt ? submittedAt : null,
      deadlineAt: j.deadlineAt ? new Date(submittedAt.getTime() + (durationS + 12 * 3600) * 1000) : null,
    };
  });
  const coordinator = createCoordinator({
    policy: { name: input.policy.name, version: input.policy.version, objectiveWeights: input.policy.objectiveWeights, constraints: input.policy.constraints },
    workload: buildTargetWorkload(
      jobs
        .filter((j) => j.gpuCount > 0)
        .map((j) => ({ cpuMilli: j.cpuMilli, gpuCount: j.gpuCount, gpuMilliPerGpu: j.gpuMilli, allowedGpuModels: j.allowedGpuModels })),
    ),
  });

  // The in-memory fleet.
  const clusters = input.clusters.map((c) => {
    const nodes = input.nodes.filter((n) => n.clusterId === c.id);
    return {
      meta: c,
      state: {
        nodes: nodes.map((n) =>
          createNode({
            name: n.name,
            cpuMilli: n.cpuMilli,
            memoryMib: n.memoryMib,
            gpuCount: n.gpuCount,
            gpuModel: n.gpuModelId,
            rack: n.rackGroup,
            labels: n.labels,
          }),
        ),
      } as ClusterState,
      running: [] as RunningJob[],
      gpuModelOfNode: nodes.map((n) => n.gpuModelId),
    };
  });
  const usage = new Map(input.tenants.map((t) => [t.id, { gpus: 0, gramsByMonth: new Map<number, number>() }]));
  const monthOf = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);

  function seriesAt(zoneId: string, atMs: number) {
    const hour0 = hourFloor(atMs) - HOUR_MS;
    const values: number[] = [];
    const provenance: HourProvenance[] = [];
    for (let h = 0; h < 49; h++) {
      const at = hour0 + h * HOUR_MS;
      const truth = measured.get(`${zoneId}@${at}`) ?? annual.get(zoneId) ?? 0;
      const past = at < atMs;
      // What a forecast issued at that hour would have said: the truth with seeded noise.
      values.push(past ? truth : Math.round(truth * (1 + (rng.next() * 2 - 1) * (0.03 + (0.07 * h) / 48)) * 100) / 100);
      provenance.push(
        past
          ? { kind: "measured", provider: PROVIDER, signalType: "average", emissionFactorType: "lifecycle" }
          : { kind: "forecast", provider: PROVIDER, signalType: "average", emissionFactorType: "lifecycle", forecastIssuedAtMs: hourFloor(atMs) },
      );
    }
    return createIntensitySeries({ zone: zoneId, startMs: hour0, gCo2ePerKwh: values, provenance });
  }

  function snapshotAt(atMs: number): FleetSnapshot {
    const series = new Map(input.zones.map((z) => [z.id, seriesAt(z.id, atMs)]));
    const fleet: FleetCluster[] = clusters.map((c) => ({
      id: c.meta.id,
      name: c.meta.name,
      region: c.meta.region,
      zone: c.meta.zoneId,
      tier: c.meta.tier.toLowerCase() as FleetCluster["tier"],
      pue: c.meta.pue,
      status: "active",
      state: c.state,
      running: c.running,
      reservations: [],
      series: series.get(c.meta.zoneId)!,
    }));
    return {
      nowMs: atMs,
      clusters: fleet,
      links: [],
      gpuModels: input.gpuModels,
      tenants: input.tenants.map((t) => ({
        tenant: t.id,
        maxGpus: t.maxGpus,
        gpusInUse: usage.get(t.id)!.gpus,
        carbonBudgetKgPerMonth: t.carbonBudgetKgPerMonth,
        carbonUsedKgThisMonth: (usage.get(t.id)!.gramsByMonth.get(monthOf(atMs)) ?? 0) / 1000,
      })),
    };
  }

  const allocationRatio = (c: (typeof clusters)[number]) => {
    let cap = 0;
    let free = 0;
    for (const n of c.state.nodes)
      for (const g of n.gpuMilliFree) {
        cap += 1000;
        free += g;
      }
    return cap ? (cap - free) / cap : 0;
  };

  const placed: Placed[] = [];
  const byId = new Map<string, Placed>();
  const clusterSamples: { clusterId: string; at: Date; gpuCapacityMilli: number; allocatedGpuMilli: number; powerWatts: number; runningJobs: number }[] = [];

  function releaseUntil(t: number) {
    for (const c of clusters) {
      const ended = c.running.filter((r) => r.endMs <= t);
      if (!ended.length) continue;
      for (const r of ended) {
        c.state = release(c.state, r.job, r.assignments);
        const p = byId.get(r.jobId)!;
        usage.get(p.job.tenantId)!.gpus -= (r.job.gpuCount * r.job.gpuMilliPerGpu * (r.job.gangSize ?? 1)) / 1000;
      }
      c.running = c.running.filter((r) => r.endMs > t);
    }
  }

  // Decision events: submissions, then the chosen starts of deferred jobs.
  type Event = { atMs: number; index: number; earlier: Placed["decisions"]; baseline: Placed["baseline"] };
  const events: Event[] = jobs.map((j, index) => ({ atMs: j.submittedAt.getTime(), index, earlier: [], baseline: null }));
  const push = (e: Event) => {
    let i = events.length;
    while (i > 0 && events[i - 1]!.atMs > e.atMs) i--;
    events.splice(i, 0, e);
  };
  let nextSampleMs = startMs + HOUR_MS;
  while (events.length) {
    const event = events.shift()!;
    while (nextSampleMs <= event.atMs) {
      releaseUntil(nextSampleMs);
      sampleClusters(nextSampleMs);
      nextSampleMs += HOUR_MS;
    }
    releaseUntil(event.atMs);
    const job = jobs[event.index]!;
    const fleetJob = toFleetJob({ ...job, computeUnits: null, minGpuMemoryGib: null, gangSize: 1, allowedRegions: [], allowSplit: false });
    const snapshot = snapshotAt(event.atMs);
    const seed = mixSeed(input.seed, event.index);
    let baseline = event.baseline;
    if (event.earlier.length === 0) {
      const { clusterIds } = clustersThatCouldHold(
        coordinator,
        emptyFleet(snapshot, { keepQuotas: false }),
        { ...fleetJob, earliestStartMs: null, deadlineMs: null },
        seed,
      );
      const choice = chooseBaselineCluster(
        clusters.map((c) => ({
          clusterId: c.meta.id,
          zoneId: c.meta.zoneId,
          pue: c.meta.pue,
          feasible: clusterIds.has(c.meta.id),
          allocationRatio: allocationRatio(c),
        })),
      );
      baseline = choice && { clusterId: choice.clusterId, zoneId: choice.zoneId, pue: choice.pue };
    }
    const decision = coordinator.decide(snapshot, fleetJob, { seed });
    if (decision.outcome === "deferred" && decision.startMs !== null && event.earlier.length < 3) {
      push({ atMs: decision.startMs, index: event.index, earlier: [...event.earlier, { outcome: "DEFERRED", decision, atMs: event.atMs }], baseline });
      continue;
    }
    if (decision.outcome !== "placed") continue;
    const endMs = event.atMs + job.estimatedDurationS * 1000;
    const p: Placed = {
      jobId: job.id,
      job,
      parts: [...decision.parts],
      startMs: event.atMs,
      endMs,
      decisions: [...event.earlier, { outcome: "PLACED", decision, atMs: event.atMs }],
      baseline,
    };
    for (const part of decision.parts) {
      const c = clusters.find((x) => x.meta.id === part.clusterId)!;
      c.state = allocate(c.state, part.request, part.assignments);
      c.running = [...c.running, { jobId: job.id, job: part.request, assignments: part.assignments, endMs }];
      usage.get(job.tenantId)!.gpus += (part.request.gpuCount * part.request.gpuMilliPerGpu * (part.request.gangSize ?? 1)) / 1000;
    }
    const grams = usage.get(job.tenantId)!.gramsByMonth;
    grams.set(monthOf(event.atMs), (grams.get(monthOf(event.atMs)) ?? 0) + (decision.gCo2e ?? 0));
    placed.push(p);
    byId.set(job.id, p);
  }
  while (nextSampleMs <= nowMs) {
    releaseUntil(nextSampleMs);
    sampleClusters(nextSampleMs);
    nextSampleMs += HOUR_MS;
  }

  function sampleClusters(atMs: number) {
    for (const c of clusters) {
      const gpus: { idleWatts: number; maxWatts: number; allocatedMilli: number }[] = [];
      let capacity = 0;
      let allocated = 0;
      c.state.nodes.forEach((n, i) => {
        const model = models.get(c.gpuModelOfNode[i] ?? "");
        for (const free of n.gpuMilliFree) {
          capacity += 1000;
          allocated += 1000 - free;
          if (model) gpus.push({ idleWatts: model.idleWatts, maxWatts: model.maxWatts, allocatedMilli: 1000 - free });
        }
      });
      clusterSamples.push({
        clusterId: c.meta.id,
        at: new Date(atMs),
        gpuCapacityMilli: capacity,
        allocatedGpuMilli: allocated,
        powerWatts: Math.round(clusterPowerModelWatts(gpus) * 10) / 10,
        runningJobs: c.running.length,
      });
    }
  }

  // Completed jobs with their accounting.
  const done = placed.filter((p) => p.endMs <= nowMs);
  const out = {
    jobs: [] as Record<string, unknown>[],
    decisions: [] as Record<string, unknown>[],
    energyHours: [] as Record<string, unknown>[],
    savings: [] as Record<string, unknown>[],
    clusterSamples,
  };
  for (const p of done) {
    const hours: (JobHour & { clusterId: string })[] = [];
    for (const part of p.parts) {
      const c = clusters.find((x) => x.meta.id === part.clusterId)!;
      const shares = part.assignments.flatMap((a) => {
        const model = models.get(c.gpuModelOfNode[a.nodeIndex] ?? "");
        return model ? a.gpuIndices.map(() => ({ idleWatts: model.idleWatts, maxWatts: model.maxWatts, milli: part.request.gpuMilliPerGpu })) : [];
      });
      const partHours = accountJobHours({
        runStartMs: p.startMs,
        runEndMs: p.endMs,
        workSpeed: 1,
        powerModelWatts: powerModelWatts(shares),
        samples: [],
        pue: c.meta.pue,
        intensity: intensityOf(c.meta.zoneId),
      });
      hours.push(...partHours.map((h) => ({ ...h, clusterId: part.clusterId })));
    }
    const totals = sumJobHours(hours);
    const baselineG = p.baseline
      ? baselineEmissions({
          hours,
          runStartMs: p.startMs,
          submittedAtMs: p.job.submittedAt.getTime(),
          pue: p.baseline.pue,
          intensity: intensityOf(p.baseline.zoneId),
        })
      : totals.emissionsGCo2e;
    const { tenantIndex: _t, ...jobFields } = p.job;
    out.jobs.push({
      ...jobFields,
      allowedRegions: [],
      status: "SUCCEEDED",
      placedAt: new Date(p.startMs),
      startedAt: new Date(p.startMs),
      finishedAt: new Date(p.endMs),
      energyKwh: totals.energyKwh,
      emissionsGCo2e: totals.emissionsGCo2e,
    });
    p.decisions.forEach((d, i) => {
      const explanation = d.decision.explanation;
      out.decisions.push({
        id: `decision-${p.jobId}-${i}`,
        jobId: p.jobId,
        outcome: d.outcome,
        clusterId: d.decision.parts[0]?.clusterId ?? null,
        startAt: d.decision.startMs !== null ? new Date(d.decision.startMs) : null,
        policyId: input.policy.id,
        explanationVersion: explanation.version,
        explanation: JSON.parse(JSON.stringify(explanation)),
        assignments: d.outcome === "PLACED" ? assignmentsOf(d.decision, clusters) : [],
        createdAt: new Date(d.atMs),
      });
    });
    for (const h of mergeHours(hours)) out.energyHours.push({ jobId: p.jobId, tenantId: p.job.tenantId, ...h });
    out.savings.push({
      id: `saving-${p.jobId}`,
      jobId: p.jobId,
      tenantId: p.job.tenantId,
      clusterId: p.parts[0]!.clusterId,
      day: new Date(Date.UTC(new Date(p.endMs).getUTCFullYear(), new Date(p.endMs).getUTCMonth(), new Date(p.endMs).getUTCDate())),
      actualGCo2e: totals.emissionsGCo2e,
      baselineGCo2e: baselineG,
      savedGCo2e: baselineG - totals.emissionsGCo2e,
      baselineClusterId: p.baseline?.clusterId ?? null,
      baselineStartAt: p.job.submittedAt,
      method: BASELINE_METHOD,
      createdAt: new Date(p.endMs),
    });
  }
  return out;
}

function assignmentsOf(decision: CoordinatorDecision, clusters: { meta: { id: string }; state: { nodes: readonly { name: string }[] } }[]) {
  return decision.parts.flatMap((part) => {
    const c = clusters.find((x) => x.meta.id === part.clusterId)!;
    return part.assignments.map((a) => ({
      cluster: part.clusterId,
      node: c.state.nodes[a.nodeIndex]!.name,
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: part.request.gpuCount > 0 ? part.request.gpuMilliPerGpu : 0,
      cpuMilli: part.request.cpuMilli,
      memoryMib: part.request.memoryMib,
    }));
  });
}
