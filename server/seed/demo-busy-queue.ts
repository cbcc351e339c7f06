/**
 * The busy demo's queue: trace pods (as in the quiet demo, runs capped at MAX_RUN_S, with a priority class drawn by share, a
 * checkpoint interval for training, about half with a flexibility window, Cirrus submitting more
 * than its nominal share) plus three situations the scheduler must resolve in its first minutes:
 * - an A100 gang of four whole nodes that no cluster can hold now (one A100 node of each cluster is
 *   held by a production job): it waits with a reservation, and short A100 jobs backfill beside it;
 * - a production job needing a whole H800 node while best-effort jobs hold every H800: it preempts;
 * - Cirrus jobs beyond Cirrus's nominal GPUs while Borealis's sit idle: they borrow from the cohort.
 */
import type { OpenbPod } from "../data/openb-csv";
import { createRng } from "../engine";
import { demoClassShares, demoTenants } from "./demo-catalog";
import { buildDemoJobs } from "./demo-jobs";
import { drawClass, MAX_RUN_S, SCENARIO_MODELS } from "./demo-running";

/** Shares of the queued trace jobs per tenant (index into demoTenants). */
const QUEUE_TENANT_SHARES = [0.35, 0.2, 0.45];

const priorityOf = (classId: string) => demoClassShares.find((c) => c.id === classId)?.priority ?? 500;

/** A row of the Job table for a queued job of the busy demo. */
type QueueRow = Record<string, unknown> & { id: string; tenantId: string };

/** The rows of a queued scenario job. */
function scenarioRow(
  id: string,
  name: string,
  tenantIndex: number,
  classId: string,
  shape: { gpuCount: number; gangSize: number; model: string; durationS: number; cpuMilli: number; memoryMib: number },
  submittedAt: Date,
): QueueRow {
  const tenant = demoTenants[tenantIndex]!;
  return {
    id,
    name,
    kind: "TRAINING",
    cpuMilli: shape.cpuMilli,
    memoryMib: shape.memoryMib,
    gpuCount: shape.gpuCount,
    gpuMilli: 1000,
    allowedGpuModels: [shape.model],
    gangSize: shape.gangSize,
    estimatedDurationS: shape.durationS,
    priority: priorityOf(classId),
    priorityClassId: classId,
    checkpointIntervalS: shape.durationS > 3600 ? 1800 : null,
    submittedAt,
    idempotencyKey: `seed-${id}`,
    tenantId: `tenant-${tenant.slug}`,
    submittedById: `user-${tenant.slug}`,
    allowedRegions: [],
  };
}

/** The busy demo's queued jobs (see the file header). */
export function buildBusyQueue(pods: OpenbPod[], count: number, now: Date, seed: number): QueueRow[] {
  const rng = createRng(seed);
  const trace = buildDemoJobs(pods, count, demoTenants.length, now, seed + 1).map(({ tenantIndex: _t, ...job }, i): QueueRow => {
    let x = rng.next();
    let tenantIndex = QUEUE_TENANT_SHARES.findIndex((share) => (x -= share) < 0);
    if (tenantIndex < 0) tenantIndex = 0;
    const tenant = demoTenants[tenantIndex]!;
    const classId = drawClass(rng);
    const estimatedDurationS = Math.min(MAX_RUN_S, job.estimatedDurationS);
    return {
      id: `job-seed-${String(i).padStart(3, "0")}`,
      ...job,
      estimatedDurationS,
      deadlineAt: job.deadlineAt ? new Date(job.submittedAt.getTime() + (estimatedDurationS + 12 * 3600) * 1000) : null,
      priority: priorityOf(classId),
      priorityClassId: classId,
      checkpointIntervalS: job.kind === "TRAINING" ? 1800 : null,
      tenantId: `tenant-${tenant.slug}`,
      submittedById: `user-${tenant.slug}`,
      allowedRegions: [],
    };
  });
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const wholeNode = { cpuMilli: 32_000, memoryMib: 131_072 };
  const scenarios = [
    scenarioRow(
      "job-queue-gang-a100",
      "pretrain-a100-gang",
      0,
      "pc-standard",
      { gpuCount: 8, gangSize: 4, model: SCENARIO_MODELS.gang, durationS: 6 * 3600, ...wholeNode },
      // Submitted after the production jobs holding the A100 nodes started (12 wall minutes before
      // now at 60x): had it come first, any time-ordered scheduler (the ledger's shadow replay too)
      // would have started it on the free A100 nodes, and the seeded state could not have happened.
      at(10),
    ),
    scenarioRow(
      "job-queue-prod-h800",
      "serve-h800-launch",
      1,
      "pc-production",
      { gpuCount: 8, gangSize: 1, model: SCENARIO_MODELS.preempt, durationS: 4 * 3600, ...wholeNode },
      at(2),
    ),
    ...Array.from({ length: 6 }, (_, i) =>
      scenarioRow(
        `job-queue-a100-short-${i}`,
        `eval-a100-${i}`,
        1,
        "pc-best-effort",
        { gpuCount: 1, gangSize: 1, model: SCENARIO_MODELS.gang, durationS: 20 * 60, cpuMilli: 4000, memoryMib: 16_384 },
        at(9 - i),
      ),
    ),
  ];
  return [...scenarios, ...trace];
}
