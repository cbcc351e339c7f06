/**
 * Turns an openb pod list into the simulated workload: which pods take part (window, sample, CPU
 * pods), when each arrives (trace clock mapped onto the simulated period), how long it truly runs
 * (trace times or a distribution), what its submitter would state, whether it may wait (deadline),
 * its tenant and GPU utilization. Every random choice uses its own seeded stream.
 */
import { parseOpenbPods, type OpenbPod } from "../data/openb-csv";
import type { Rng } from "../engine";
import type { SimJob } from "../engine";
import { QOS_PRIORITY } from "../data/openb-qos";
import { ScenarioError } from "./errors";
import type { LoadedText } from "./files";
import { parseCsvField } from "./fleet";
import { normal, sampleIndices, sampleSize, STREAM, streamRng } from "./random";
import type { ScenarioWorkload } from "./schema";

const DAY_S = 86_400;

/** What happened to the trace's pods on the way into the simulation. */
export interface WorkloadReport {
  podsInFile: number;
  jobs: number;
  droppedCpuOnly: number;
  droppedOutsideWindow: number;
  droppedAfterEnd: number;
  droppedNoDuration: number;
  droppedBySample: number;
  durationsFromTrace: number;
  durationsSampled: number;
  flexibleJobs: number;
  firstArrivalMs: number | null;
  lastArrivalMs: number | null;
}

/** Observed run time of a pod in the trace, or null when it lacks a start or an end. */
function traceDuration(pod: OpenbPod): number | null {
  if (pod.scheduledTimeS === null || pod.deletionTimeS === null) return null;
  return pod.deletionTimeS - pod.scheduledTimeS;
}

function durationSampler(spec: ScenarioWorkload["duration"], pods: readonly OpenbPod[], rng: Rng, field: string): () => number {
  const d = spec.distribution;
  if (d.kind === "lognormal") return () => d.medianS * Math.exp(d.sigma * normal(rng));
  if (d.kind === "exponential") return () => -d.meanS * Math.log(1 - rng.next());
  const pool = pods.map(traceDuration).filter((s): s is number => s !== null && s > 0);
  if (pool.length === 0)
    throw new ScenarioError(
      `${field}.distribution`,
      `"empirical" needs pods with both scheduled_time and deletion_time, and the pod list has none; use "lognormal" or "exponential"`,
    );
  return () => pool[rng.nextInt(pool.length)] as number;
}

function jobClass(pod: OpenbPod): string {
  if (pod.gpuCount === 0) return "cpu";
  if (pod.gpuMilli < 1000) return "share";
  return pod.gpuCount === 1 ? "1-gpu" : "multi-gpu";
}

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

interface Candidate {
  pod: OpenbPod;
  /** Trace seconds after the window offset (0 for in-flight pods started at the offset). */
  relS: number;
  durationS: number;
  sampled: boolean;
}

/** Builds the jobs of the simulation window [startMs, endMs) from the pod CSV. */
export function buildJobs(
  spec: ScenarioWorkload,
  loaded: LoadedText,
  seed: number,
  startMs: number,
  endMs: number,
): { jobs: SimJob[]; report: WorkloadReport } {
  const field = "workload";
  const pods = parseCsvField(`${field}.pods`, loaded, parseOpenbPods);
  const report: WorkloadReport = {
    podsInFile: pods.length,
    jobs: 0,
    droppedCpuOnly: 0,
    droppedOutsideWindow: 0,
    droppedAfterEnd: 0,
    droppedNoDuration: 0,
    droppedBySample: 0,
    durationsFromTrace: 0,
    durationsSampled: 0,
    flexibleJobs: 0,
    firstArrivalMs: null,
    lastArrivalMs: null,
  };
  const sample = durationSampler(spec.duration, pods, streamRng(seed, STREAM.duration), `${field}.duration`);
  const offsetS = spec.window.offsetDays * DAY_S;
  const endS = spec.window.lengthDays === undefined ? Infinity : offsetS + spec.window.lengthDays * DAY_S;
  const clamp = (s: number) => Math.min(spec.duration.maxS ?? Infinity, Math.max(spec.duration.minS, s));

  let candidates: Candidate[] = [];
  for (const pod of pods) {
    if (spec.gpuOnly && pod.gpuCount === 0) {
      report.droppedCpuOnly++;
      continue;
    }
    const traced = spec.duration.source === "trace" ? traceDuration(pod) : null;
    let relS = pod.creationTimeS - offsetS;
    let durationS = traced;
    if (relS < 0) {
      // In flight at the offset: only a pod whose trace says it is still running can join, with what is left of its run.
      const running = spec.window.inFlight === "at-start" && traced !== null && (pod.deletionTimeS as number) > offsetS;
      if (!running) {
        report.droppedOutsideWindow++;
        continue;
      }
      relS = 0;
      durationS = (pod.deletionTimeS as number) - Math.max(offsetS, pod.scheduledTimeS as number);
    }
    if (pod.creationTimeS >= endS) {
      report.droppedOutsideWindow++;
      continue;
    }
    let sampled = false;
    if (durationS === null) {
      if (spec.duration.source === "trace" && spec.duration.whenMissing === "skip") {
        report.droppedNoDuration++;
        continue;
      }
      durationS = sample();
      sampled = true;
    }
    candidates.push({ pod, relS, durationS: clamp(durationS), sampled });
  }
  if (spec.sample) {
    const k = Math.min(sampleSize(spec.sample, candidates.length), candidates.length);
    report.droppedBySample = candidates.length - k;
    candidates = sampleIndices(candidates.length, k, streamRng(seed, STREAM.pods)).map((i) => candidates[i] as Candidate);
  }

  const pickTenant = tenantPicker(spec.tenants, streamRng(seed, STREAM.tenant));
  const estimateRng = streamRng(seed, STREAM.estimate);
  const flexRng = streamRng(seed, STREAM.flexibility);
  const utilRng = streamRng(seed, STREAM.utilization);
  const flexibleQos = spec.flexibility.qos ? new Set(spec.flexibility.qos) : null;
  const priorities = spec.priorityByQos ?? QOS_PRIORITY;
  const ids = new Set<string>();
  const jobs: SimJob[] = [];
  for (const { pod, relS, durationS, sampled } of candidates) {
    const arrivalMs = startMs + Math.round(relS * spec.arrivalTimeScale * 1000);
    if (arrivalMs >= endMs) {
      report.droppedAfterEnd++;
      continue;
    }
    // Draw every stream for every job so one option's change does not shift another's draws.
    const tenant = pickTenant();
    const hasEstimate = estimateRng.next() < spec.userEstimate.share;
    const noise = normal(estimateRng);
    const flexible = flexRng.next() < spec.flexibility.share && (!flexibleQos || flexibleQos.has(pod.qos));
    const u = spec.gpuUtilization;
    const utilization = typeof u === "number" ? u : u.min + (u.max - u.min) * utilRng.next();

    const { roundUpToS, noiseSigma, pad } = spec.userEstimate;
    const estimate = Math.max(roundUpToS, Math.ceil((durationS * Math.exp(noiseSigma * noise) * pad) / roundUpToS) * roundUpToS);
    const f = spec.flexibility;
    const slackS = Math.min((f.maxSlackHours ?? Infinity) * 3600, Math.max(f.minSlackHours * 3600, durationS * f.windowShare));
    let id = pod.name;
    for (let n = 2; ids.has(id); n++) id = `${pod.name}#${n}`;
    ids.add(id);
    if (sampled) report.durationsSampled++;
    else report.durationsFromTrace++;
    if (flexible) report.flexibleJobs++;
    jobs.push({
      id,
      tenant: tenant.name,
      jobClass: jobClass(pod),
      priority: priorities[pod.qos] ?? spec.defaultPriority,
      arrivalMs,
      durationS,
      userEstimateS: hasEstimate ? estimate : null,
      cpuMilli: pod.cpuMilli,
      memoryMib: pod.memoryMib,
      gpuCount: pod.gpuCount,
      gpuMilliPerGpu: pod.gpuMilli,
      allowedGpuModels: pod.gpuSpec,
      gangSize: 1,
      gpuUtilization: utilization,
      deadlineMs: flexible ? arrivalMs + Math.round((durationS + slackS) * 1000) : null,
      allowedRegions: tenant.allowedRegions ?? [],
    });
  }
  // Stable sort: equal arrivals keep the trace's order.
  jobs.sort((a, b) => a.arrivalMs - b.arrivalMs);
  report.jobs = jobs.length;
  report.firstArrivalMs = jobs[0]?.arrivalMs ?? null;
  report.lastArrivalMs = jobs[jobs.length - 1]?.arrivalMs ?? null;
  if (jobs.length === 0)
    throw new ScenarioError(field, `no pod of ${loaded.display} arrives between start and start + durationDays (check window, sample and arrivalTimeScale)`);
  return { jobs, report };
}
