/**
 * Turns an openb pod list into the simulated workload: which pods take part (window, sample, CPU
 * pods), when each arrives (trace clock mapped onto the simulated period), how long it truly runs
 * (trace times or a distribution), what its submitter would state, whether it may wait (deadline),
 * its tenant and GPU utilization. Every random choice uses its own seeded stream.
 * Pod selection is in workload-candidates.ts, the jobs made from them in workload-jobs.ts.
 */
import { parseOpenbPods } from "../data/openb-csv";
import type { SimJob } from "../engine";
import { ScenarioError } from "./errors";
import type { LoadedText } from "./files";
import { parseCsvField } from "./fleet";
import type { ScenarioWorkload } from "./schema";
import { selectCandidates } from "./workload-candidates";
import { createJobMaker } from "./workload-jobs";

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
  const candidates = selectCandidates(spec, pods, seed, field, report);
  const toJob = createJobMaker(spec, seed, { startMs, endMs }, report);
  const jobs: SimJob[] = [];
  for (const candidate of candidates) {
    const job = toJob(candidate);
    if (job) jobs.push(job);
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
