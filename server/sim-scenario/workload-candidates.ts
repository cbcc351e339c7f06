/**
 * Which pods of the trace take part in the simulation and how long each runs: CPU-only pods and pods
 * outside the window are dropped, in-flight pods join with what is left of their run, durations come
 * from the trace or a seeded distribution, and an optional sample thins the rest.
 */
import type { OpenbPod } from "../data/openb-csv";
import type { Rng } from "../engine";
import { ScenarioError } from "./errors";
import { normal, sampleIndices, sampleSize, STREAM, streamRng } from "./random";
import type { ScenarioWorkload } from "./schema";
import type { WorkloadReport } from "./workload";

const DAY_S = 86_400;

/** A pod that takes part, with its arrival in trace seconds and its run time. */
export interface Candidate {
  pod: OpenbPod;
  /** Trace seconds after the window offset (0 for in-flight pods started at the offset). */
  relS: number;
  durationS: number;
  /** The duration was drawn from the distribution, not read from the trace. */
  sampled: boolean;
}

/** Observed run time of a pod in the trace, or null when it lacks a start or an end. */
function traceDuration(pod: OpenbPod): number | null {
  if (pod.scheduledTimeS === null || pod.deletionTimeS === null) return null;
  return pod.deletionTimeS - pod.scheduledTimeS;
}

/** A draw of the configured run-time distribution (for "empirical", one of the trace's observed run times). */
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

/** The pod as a candidate, or the report counter that records why it was dropped. */
function candidateOf(
  spec: ScenarioWorkload,
  pod: OpenbPod,
  window: { offsetS: number; endS: number },
  sample: () => number,
): Candidate | "droppedCpuOnly" | "droppedOutsideWindow" | "droppedNoDuration" {
  if (spec.gpuOnly && pod.gpuCount === 0) return "droppedCpuOnly";
  const traced = spec.duration.source === "trace" ? traceDuration(pod) : null;
  let relS = pod.creationTimeS - window.offsetS;
  let durationS = traced;
  if (relS < 0) {
    // In flight at the offset: only a pod whose trace says it is still running can join, with what is left of its run.
    const running = spec.window.inFlight === "at-start" && traced !== null && (pod.deletionTimeS as number) > window.offsetS;
    if (!running) return "droppedOutsideWindow";
    relS = 0;
    durationS = (pod.deletionTimeS as number) - Math.max(window.offsetS, pod.scheduledTimeS as number);
  }
  if (pod.creationTimeS >= window.endS) return "droppedOutsideWindow";
  let sampled = false;
  if (durationS === null) {
    if (spec.duration.source === "trace" && spec.duration.whenMissing === "skip") return "droppedNoDuration";
    durationS = sample();
    sampled = true;
  }
  const clamped = Math.min(spec.duration.maxS ?? Infinity, Math.max(spec.duration.minS, durationS));
  return { pod, relS, durationS: clamped, sampled };
}

/** The pods that take part, sampled when the scenario asks; counts the dropped ones in `report`. */
export function selectCandidates(spec: ScenarioWorkload, pods: readonly OpenbPod[], seed: number, field: string, report: WorkloadReport): Candidate[] {
  const sample = durationSampler(spec.duration, pods, streamRng(seed, STREAM.duration), `${field}.duration`);
  const offsetS = spec.window.offsetDays * DAY_S;
  const endS = spec.window.lengthDays === undefined ? Infinity : offsetS + spec.window.lengthDays * DAY_S;
  const candidates: Candidate[] = [];
  for (const pod of pods) {
    const c = candidateOf(spec, pod, { offsetS, endS }, sample);
    if (typeof c === "string") report[c]++;
    else candidates.push(c);
  }
  if (!spec.sample) return candidates;
  const k = Math.min(sampleSize(spec.sample, candidates.length), candidates.length);
  report.droppedBySample = candidates.length - k;
  return sampleIndices(candidates.length, k, streamRng(seed, STREAM.pods)).map((i) => candidates[i] as Candidate);
}
