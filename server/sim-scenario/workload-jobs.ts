/**
 * A candidate pod as a simulated job: its arrival on the simulated clock, tenant, stated estimate,
 * deadline when it may wait, and GPU utilization. Every stream is drawn for every job so a change of
 * one option does not shift another's draws.
 */
import type { OpenbPod } from "../data/openb-csv";
import { QOS_PRIORITY } from "../data/openb-qos";
import type { Rng, SimJob } from "../engine";
import { normal, STREAM, streamRng } from "./random";
import type { ScenarioWorkload } from "./schema";
import type { WorkloadReport } from "./workload";
import type { Candidate } from "./workload-candidates";

/** The job class the results group by. */
function jobClass(pod: OpenbPod): string {
  if (pod.gpuCount === 0) return "cpu";
  if (pod.gpuMilli < 1000) return "share";
  return pod.gpuCount === 1 ? "1-gpu" : "multi-gpu";
}

/** Picks tenants by weight. */
function tenantPicker(tenants: ScenarioWorkload["tenants"], rng: Rng): () => ScenarioWorkload["tenants"][number] {
  const total = tenants.reduce((s, t) => s + t.weight, 0);
  return () => {
    let x = rng.next() * total;
    for (const t of tenants) {
      x -= t.weight;
      if (x < 0) return t;
    }
    return tenants[tenants.length - 1] as ScenarioWorkload["tenants"][number];
  };
}

/** The submitter's stated run time: the true one with noise and padding, rounded up. */
function statedEstimate(spec: ScenarioWorkload["userEstimate"], durationS: number, noise: number): number {
  const { roundUpToS, noiseSigma, pad } = spec;
  return Math.max(roundUpToS, Math.ceil((durationS * Math.exp(noiseSigma * noise) * pad) / roundUpToS) * roundUpToS);
}

/** Slack a flexible job may wait, bounded by the scenario's minimum and maximum. */
function slackSeconds(f: ScenarioWorkload["flexibility"], durationS: number): number {
  return Math.min((f.maxSlackHours ?? Infinity) * 3600, Math.max(f.minSlackHours * 3600, durationS * f.windowShare));
}

/**
 * Turns candidates into jobs in order, with the scenario's seeded streams; null for a candidate that
 * arrives after the end (counted in `report`). Job ids are pod names, made unique with `#n`.
 */
export function createJobMaker(spec: ScenarioWorkload, seed: number, window: { startMs: number; endMs: number }, report: WorkloadReport) {
  const pickTenant = tenantPicker(spec.tenants, streamRng(seed, STREAM.tenant));
  const estimateRng = streamRng(seed, STREAM.estimate);
  const flexRng = streamRng(seed, STREAM.flexibility);
  const utilRng = streamRng(seed, STREAM.utilization);
  const flexibleQos = spec.flexibility.qos ? new Set(spec.flexibility.qos) : null;
  const priorities = spec.priorityByQos ?? QOS_PRIORITY;
  const ids = new Set<string>();
  return ({ pod, relS, durationS, sampled }: Candidate): SimJob | null => {
    const arrivalMs = window.startMs + Math.round(relS * spec.arrivalTimeScale * 1000);
    if (arrivalMs >= window.endMs) {
      report.droppedAfterEnd++;
      return null;
    }
    const tenant = pickTenant();
    const hasEstimate = estimateRng.next() < spec.userEstimate.share;
    const noise = normal(estimateRng);
    const flexible = flexRng.next() < spec.flexibility.share && (!flexibleQos || flexibleQos.has(pod.qos));
    const u = spec.gpuUtilization;
    const utilization = typeof u === "number" ? u : u.min + (u.max - u.min) * utilRng.next();
    let id = pod.name;
    for (let n = 2; ids.has(id); n++) id = `${pod.name}#${n}`;
    ids.add(id);
    if (sampled) report.durationsSampled++;
    else report.durationsFromTrace++;
    if (flexible) report.flexibleJobs++;
    return {
      id,
      tenant: tenant.name,
      jobClass: jobClass(pod),
      priority: priorities[pod.qos] ?? spec.defaultPriority,
      arrivalMs,
      durationS,
      userEstimateS: hasEstimate ? statedEstimate(spec.userEstimate, durationS, noise) : null,
      cpuMilli: pod.cpuMilli,
      memoryMib: pod.memoryMib,
      gpuCount: pod.gpuCount,
      gpuMilliPerGpu: pod.gpuMilli,
      allowedGpuModels: pod.gpuSpec,
      gangSize: 1,
      gpuUtilization: utilization,
      deadlineMs: flexible ? arrivalMs + Math.round((durationS + slackSeconds(spec.flexibility, durationS)) * 1000) : null,
      allowedRegions: tenant.allowedRegions ?? [],
    };
  };
}
