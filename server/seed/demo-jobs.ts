/**
 * The demo's job queue: pods sampled (seeded) from the real openb default trace, keeping their CPU,
 * memory, GPU count, milli-GPU share and GPU-model constraints; durations come from the trace's
 * scheduled..deletion span where it has one. About half the jobs get a flexibility window.
 */
import type { OpenbPod } from "../data/openb-csv";
import { openbJobShape } from "../data/openb-job-shape";
import { createRng } from "../engine";

export interface DemoJob {
  name: string;
  kind: "TRAINING" | "INFERENCE" | "BATCH";
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuMilli: number;
  allowedGpuModels: string[];
  estimatedDurationS: number;
  priority: number;
  submittedAt: Date;
  earliestStartAt: Date | null;
  deadlineAt: Date | null;
  idempotencyKey: string;
  /** Index into the demo tenant list. */
  tenantIndex: number;
}

/** Samples `count` distinct pods into queued demo jobs submitted over the hour before `now`. */
export function buildDemoJobs(pods: OpenbPod[], count: number, tenantCount: number, now: Date, seed: number): DemoJob[] {
  const rng = createRng(seed);
  const order = pods.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order.slice(0, count).map((podIndex, i) => {
    const submittedAt = new Date(now.getTime() - (count - i) * 60_000);
    const job = demoJobFromPod(pods[podIndex] as OpenbPod, submittedAt, i % tenantCount);
    const flexible = rng.next() < 0.5;
    return {
      ...job,
      earliestStartAt: flexible ? submittedAt : null,
      deadlineAt: flexible ? new Date(submittedAt.getTime() + (job.estimatedDurationS + 12 * 3600) * 1000) : null,
    };
  });
}

/** One trace pod as a demo job submitted at `submittedAt`, without a flexibility window. */
export function demoJobFromPod(pod: OpenbPod, submittedAt: Date, tenantIndex: number): DemoJob {
  return {
    ...openbJobShape(pod),
    submittedAt,
    earliestStartAt: null,
    deadlineAt: null,
    idempotencyKey: `seed-${pod.name}`,
    tenantIndex,
  };
}
