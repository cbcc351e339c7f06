/**
 * Demo history: the last `days` days of completed jobs, replayed through the real coordinator so the
 * dashboards have data on the first start. Jobs are sampled (seeded) from the openb trace and
 * submitted evenly over the period; each is decided by the coordinator on an in-memory fleet at its
 * submission time (a deferred job is decided again at its chosen start), runs for its duration and
 * is then accounted with the same functions as the live worker (power model, PUE, measured hourly
 * intensity, the capacity-weighted baseline). Cluster samples are taken every hour. Jobs still
 * running at "now" are left out. Deterministic for a given clock.
 */
import { hourFloor, HOUR_MS } from "../accounting/energy-hours";
import type { OpenbPod } from "../data/openb-csv";
import { buildTargetWorkload, createCoordinator, createRng, type Rng } from "../engine";
import { createInputEncodingCache, DECISION_INPUT_FORMAT, encodeDecisionInput, type InputPart } from "../services/decision-input-codec";
import { engineBuild } from "../services/engine-build";
import type { DemoSample } from "./demo-carbon";
import { HistoryFleet } from "./demo-history-fleet";
import { historyIntensity } from "./demo-history-intensity";
import { replayHistory } from "./demo-history-replay";
import { historyRows } from "./demo-history-rows";
import { buildDemoJobs, type DemoJob } from "./demo-jobs";

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

const MAX_DURATION_S = 12 * 3600;

/** A job of the history as its row is written (before its outcome). */
export type HistoryJob = DemoJob & {
  id: string;
  tenantId: string;
  submittedById: string;
  submittedAt: Date;
  estimatedDurationS: number;
  earliestStartAt: Date | null;
  deadlineAt: Date | null;
};

/** The jobs: trace shapes, submitted evenly over [startMs, now - 2 h). */
function historyJobs(input: HistoryInput, startMs: number, rng: Rng): HistoryJob[] {
  const count = input.days * input.jobsPerDay;
  const span = input.now.getTime() - 2 * HOUR_MS - startMs;
  return buildDemoJobs(input.pods, count, input.tenants.length, input.now, input.seed).map((j, i) => {
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
}

/** The coordinator of the history: the demo policy, with the history's GPU jobs as target workload. */
function historyCoordinator(input: HistoryInput, jobs: readonly HistoryJob[]) {
  const workload = buildTargetWorkload(
    jobs
      .filter((j) => j.gpuCount > 0)
      .map((j) => ({ cpuMilli: j.cpuMilli, gpuCount: j.gpuCount, gpuMilliPerGpu: j.gpuMilli, allowedGpuModels: j.allowedGpuModels })),
  );
  const coordinator = createCoordinator({
    policy: { name: input.policy.name, version: input.policy.version, objectiveWeights: input.policy.objectiveWeights, constraints: input.policy.constraints },
    workload,
  });
  return { coordinator, options: { policy: coordinator.policy, workload } };
}

/** The rows of the history. */
export function buildDemoHistory(input: HistoryInput) {
  const nowMs = input.now.getTime();
  const startMs = hourFloor(nowMs - input.days * 24 * HOUR_MS);
  const rng = createRng(input.seed);
  const jobs = historyJobs(input, startMs, rng);
  const intensity = historyIntensity(input.samples, input.zones, rng);
  const fleet = new HistoryFleet(input, intensity);
  const { coordinator, options } = historyCoordinator(input, jobs);
  // Each decision's engine input, stored as the scheduling cycle stores it, so the history replays too.
  const inputs = new Map<string, InputPart>();
  const cache = createInputEncodingCache();
  const placed = replayHistory(jobs, coordinator, fleet, { startMs, nowMs, seed: input.seed }, (snapshot, job, seed) => {
    const { root, parts } = encodeDecisionInput({ v: DECISION_INPUT_FORMAT, coordinator: options, snapshot, job, seed, engineBuild: engineBuild() }, cache);
    for (const part of parts) inputs.set(part.hash, part);
    return root;
  });
  const done = placed.filter((p) => p.endMs <= nowMs);
  const rows = historyRows(done, fleet, intensity, input.policy.id);
  // Only the parts the stored decisions reach: a job still running at "now" leaves no rows.
  return {
    ...rows,
    inputs: reachableParts(
      inputs,
      rows.decisions.map((d) => d.inputHash as string),
    ),
    clusterSamples: fleet.samples,
  };
}

/** The parts reachable from `roots`. */
function reachableParts(parts: ReadonlyMap<string, InputPart>, roots: readonly string[]): InputPart[] {
  const out = new Map<string, InputPart>();
  const stack = [...roots];
  for (let hash = stack.pop(); hash !== undefined; hash = stack.pop()) {
    const part = parts.get(hash);
    if (!part || out.has(hash)) continue;
    out.set(hash, part);
    stack.push(...part.refs);
  }
  return [...out.values()];
}
