/**
 * New demo jobs drawn from the openb trace pods, one after another from a seeded generator: a pod's
 * shape and duration (as in demo-jobs.ts), a tenant and a priority class by share, a checkpoint
 * interval for training, a flexibility window for about a third and, now and then, a small gang of
 * whole-GPU training members. Pure: the caller stores the rows.
 *
 * Runs are capped at DEMO_MAX_RUN_S (20 h: a run must lie inside the forecast the coordinator prices).
 * A quarter of the pods are drawn uniformly (the trace's mix of jobs: mostly minutes long) and three
 * quarters in proportion to their duration (the trace's mix of GPU time: mostly many hours). Uniform
 * draws alone hold 1.0 GPU-hours each on average; on simulated clusters at 60x the busy fleet's ~870
 * GPUs would need about 37,000 of them an hour to stay 70 % allocated. The mix holds 8.6 GPU-hours
 * each: steady GPUs in use = rate x 8.6 / simulated speed, about 570 (66 %) at 4,000 an hour and 60x.
 */
import { createRng } from "../engine";
import { DEMO_ARRIVAL_TENANT_SHARES, DEMO_MAX_RUN_S, demoClassPriority, drawDemoClass } from "./demo-workload-mix";
import type { OpenbPod } from "./openb-csv";
import { openbJobShape } from "./openb-job-shape";
/** Chance that an arrival is a gang of 2-4 whole-GPU members. */
const GANG_CHANCE = 0.03;
/** Chance of a flexibility window (start any time from submission, finish within 12 h of the run). */
const FLEXIBLE_CHANCE = 0.35;
/** Share of arrivals drawn in proportion to duration (see the file header). */
const LONG_SHARE = 0.75;

/** A job the arrival process submits (the Job row's fields, ids left to the database). */
export interface ArrivalJob {
  name: string;
  kind: "TRAINING" | "INFERENCE" | "BATCH";
  cpuMilli: number;
  memoryMib: number;
  gpuCount: number;
  gpuMilli: number;
  gangSize: number;
  allowedGpuModels: string[];
  estimatedDurationS: number;
  priority: number;
  priorityClassId: string;
  checkpointIntervalS: number | null;
  submittedAt: Date;
  earliestStartAt: Date | null;
  deadlineAt: Date | null;
  idempotencyKey: string;
  tenantSlug: string;
}

/** A seeded stream of arrivals over the trace's GPU pods. */
export function createArrivalGenerator(pods: readonly OpenbPod[], seed: number) {
  const gpuPods = pods.filter((p) => p.gpuCount > 0);
  if (!gpuPods.length) throw new Error("the openb pod list has no GPU pods to draw demo arrivals from");
  const rng = createRng(seed);
  const cumulative: number[] = [];
  let total = 0;
  const durationOf = (p: OpenbPod) => Math.min(DEMO_MAX_RUN_S, openbJobShape(p).estimatedDurationS);
  for (const p of gpuPods) cumulative.push((total += durationOf(p)));
  /** A pod index drawn in proportion to duration (binary search over the running sums). */
  const byDuration = () => {
    const x = rng.next() * total;
    let lo = 0;
    for (let hi = cumulative.length - 1; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  let serial = 0;
  return {
    /** The next arrival, submitted at `at`. */
    next(at: Date): ArrivalJob {
      const pod = gpuPods[rng.next() < LONG_SHARE ? byDuration() : rng.nextInt(gpuPods.length)]!;
      const base = openbJobShape(pod);
      let x = rng.next();
      const tenant = DEMO_ARRIVAL_TENANT_SHARES.find((t) => (x -= t.share) < 0) ?? DEMO_ARRIVAL_TENANT_SHARES[0];
      const classId = drawDemoClass(rng);
      const gang = rng.next() < GANG_CHANCE;
      const flexible = !gang && rng.next() < FLEXIBLE_CHANCE;
      const kind = gang ? "TRAINING" : base.kind;
      const durationS = durationOf(pod);
      serial++;
      return {
        name: gang ? `gang-${base.name}` : base.name,
        kind,
        cpuMilli: base.cpuMilli,
        memoryMib: base.memoryMib,
        gpuCount: gang ? Math.max(1, base.gpuCount) : base.gpuCount,
        gpuMilli: gang ? 1000 : base.gpuMilli,
        gangSize: gang ? 2 + rng.nextInt(3) : 1,
        allowedGpuModels: base.allowedGpuModels,
        estimatedDurationS: durationS,
        priority: demoClassPriority(classId),
        priorityClassId: classId,
        checkpointIntervalS: kind === "TRAINING" ? (rng.next() < 0.5 ? 1800 : 3600) : null,
        submittedAt: at,
        earliestStartAt: flexible ? at : null,
        deadlineAt: flexible ? new Date(at.getTime() + (durationS + 12 * 3600) * 1000) : null,
        idempotencyKey: `demo-arrival-${seed}-${at.getTime()}-${serial}`,
        tenantSlug: tenant.slug,
      };
    },
  };
}
