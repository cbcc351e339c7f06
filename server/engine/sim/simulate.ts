/**
 * simulate(): runs every policy of the scenario on the same jobs, zones and seed, one after the other,
 * and reports each one's metrics, savings against the named baseline and chart series. Pure: wall
 * time comes only from hooks.now; cancellation through hooks.shouldCancel (SimCancelledError).
 */
import { buildTargetWorkload } from "../model/target-workload";
import { SimInputError } from "./errors";
import { runPolicy, type RunContext } from "./run-policy";
import type { SimHooks, SimInput, SimPolicyMetrics, SimResult, SimTimeSeries } from "./types";
import { ZoneTruth } from "./zone-signal";

function validate(input: SimInput): void {
  if (!(input.endMs > input.startMs)) throw new SimInputError("endMs", "must be after startMs");
  if (input.clusters.length === 0) throw new SimInputError("clusters", "at least one cluster is needed");
  if (input.policies.length === 0) throw new SimInputError("policies", "at least one policy is needed");
  const zones = new Set(input.zones.map((z) => z.zone));
  input.clusters.forEach((c, i) => {
    if (!zones.has(c.zone)) throw new SimInputError(`clusters[${i}].zone`, `zone ${c.zone} has no intensity series`);
    if (!(c.pue >= 1)) throw new SimInputError(`clusters[${i}].pue`, `must be >= 1, got ${c.pue}`);
  });
  input.zones.forEach((z, i) => {
    if (z.gCo2ePerKwh.length === 0) throw new SimInputError(`zones[${i}].gCo2ePerKwh`, "empty series");
  });
  const ids = new Set<string>();
  input.jobs.forEach((j, i) => {
    if (ids.has(j.id)) throw new SimInputError(`jobs[${i}].id`, `duplicate job id ${j.id}`);
    ids.add(j.id);
    if (!(j.durationS > 0)) throw new SimInputError(`jobs[${i}].durationS`, `must be > 0, got ${j.durationS}`);
  });
  const names = input.policies.map((p) => p.name);
  if (new Set(names).size !== names.length) throw new SimInputError("policies", "policy names must be unique");
  if (!names.includes(input.baseline)) throw new SimInputError("baseline", `${input.baseline} is not one of the policies (${names.join(", ")})`);
}

/** Most common GPUs per member among multi-GPU jobs (GFR's reference shape); 2 when there are none. */
function commonMultiGpu(input: SimInput): number {
  const counts = new Map<number, number>();
  for (const j of input.jobs) if (j.gpuCount >= 2) counts.set(j.gpuCount, (counts.get(j.gpuCount) ?? 0) + 1);
  let best = 2;
  let n = 0;
  for (const [k, c] of [...counts.entries()].sort((a, b) => a[0] - b[0])) if (c > n) [best, n] = [k, c];
  return best;
}

const pct = (base: number, x: number) => (base > 0 ? (100 * (base - x)) / base : 0);

/** Runs the scenario (see the file header). Throws SimInputError for a bad scenario, SimCancelledError when cancelled. */
export function simulate(input: SimInput, hooks: SimHooks): SimResult {
  validate(input);
  const t0 = hooks.now();
  const truths = new Map(input.zones.map((z) => [z.zone, new ZoneTruth(z)]));
  const workload = buildTargetWorkload(
    (input.targetWorkloadJobs ?? input.jobs).map((j) => ({
      cpuMilli: j.cpuMilli,
      gpuCount: j.gpuCount,
      gpuMilliPerGpu: j.gpuMilliPerGpu,
      allowedGpuModels: j.allowedGpuModels,
      memoryMib: j.memoryMib,
    })),
  );
  const metrics: Record<string, SimPolicyMetrics> = {};
  const timeSeries: Record<string, SimTimeSeries> = {};
  const span = 1 / input.policies.length;
  const gfrGpus = commonMultiGpu(input);
  input.policies.forEach((p, i) => {
    const ctx: RunContext = { input, truths, workload, gfrGpus, hooks, progressBase: i * span, progressSpan: span };
    const r = runPolicy(ctx, p);
    metrics[p.name] = r.metrics;
    timeSeries[p.name] = r.series;
  });
  hooks.onProgress?.(1, "done");
  const base = metrics[input.baseline] as SimPolicyMetrics;
  const policies: Record<string, SimPolicyMetrics> = {};
  let events = 0;
  for (const [name, m] of Object.entries(metrics)) {
    events += m.events;
    policies[name] = {
      ...m,
      emissionsSavedPctVsBaseline: pct(base.emissionsKg, m.emissionsKg),
      jobEmissionsSavedPctVsBaseline: pct(base.jobEmissionsKg, m.jobEmissionsKg),
      garDeltaPointsVsBaseline: 100 * (m.gar - base.gar),
      meanWaitDeltaSVsBaseline: m.meanWaitS - base.meanWaitS,
    };
  }
  const wallMs = hooks.now() - t0;
  return {
    scenario: input.name,
    seed: input.seed,
    baseline: input.baseline,
    policies,
    timeSeries,
    eventsPerSec: wallMs > 0 ? (1000 * events) / wallMs : 0,
    wallMs,
  };
}
