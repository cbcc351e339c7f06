/**
 * New demo jobs drawn from the openb trace pods, one after another from a seeded generator: a pod's
 * shape and duration (as in demo-jobs.ts), a tenant and a priority class by share, a checkpoint
 * interval for training, a flexibility window for about a third and, now and then, a small gang of
 * whole-GPU training members. Pure: the caller stores the rows.
 */
import type { OpenbPod } from "../data/openb-csv";
import { createRng } from "../engine";
import { demoClassShares, demoTenants } from "./demo-catalog";
import { demoJobFromPod } from "./demo-jobs";
import { drawClass } from "./demo-running";

/** Shares of arrivals per tenant (index into demoTenants): Cirrus submits past its nominal share. */
const ARRIVAL_TENANT_SHARES = [0.4, 0.2, 0.4];
/** Chance that an arrival is a gang of 2-4 whole-GPU members. */
const GANG_CHANCE = 0.03;
/** Chance of a flexibility window (start any time from submission, finish within 12 h of the run). */
const FLEXIBLE_CHANCE = 0.35;

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
  let serial = 0;
  return {
    /** The next arrival, submitted at `at`. */
    next(at: Date): ArrivalJob {
      const pod = gpuPods[rng.nextInt(gpuPods.length)]!;
      const base = demoJobFromPod(pod, at, 0);
      let x = rng.next();
      const tenantIndex = Math.max(
        0,
        ARRIVAL_TENANT_SHARES.findIndex((share) => (x -= share) < 0),
      );
      const classId = drawClass(rng);
      const gang = rng.next() < GANG_CHANCE;
      const flexible = !gang && rng.next() < FLEXIBLE_CHANCE;
      const kind = gang ? "TRAINING" : base.kind;
      const durationS = base.estimatedDurationS;
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
        priority: demoClassShares.find((c) => c.id === classId)?.priority ?? 500,
        priorityClassId: classId,
        checkpointIntervalS: kind === "TRAINING" ? (rng.next() < 0.5 ? 1800 : 3600) : null,
        submittedAt: at,
        earliestStartAt: flexible ? at : null,
        deadlineAt: flexible ? new Date(at.getTime() + (durationS + 12 * 3600) * 1000) : null,
        idempotencyKey: `demo-arrival-${seed}-${at.getTime()}-${serial}`,
        tenantSlug: demoTenants[tenantIndex]!.slug,
      };
    },
  };
}
