/**
 * Writes the demo (fleet, carbon, tenants, people, policy, queued jobs) into an empty database, in
 * one transaction. Deterministic for a given `now`: ids are derived from names and every random
 * choice uses a fixed seed, so tests can reuse it and compare two runs.
 */
import bcrypt from "bcryptjs";
import type { Db } from "../db/client";
import { busyTenantQuotas, demoClusters, demoPolicy, demoStaff, demoTenants, demoZones } from "./demo-catalog";
import { buildBusyQueue } from "./demo-busy-queue";
import { holdOnCatalog, writeBusyState } from "./demo-busy-write";
import { buildRunningState, nominalQuotas } from "./demo-running";
import { buildDemoHistory, type HistoryInput } from "./demo-history";
import { seedClusterLinks } from "./seed-links";
import { writeDemoHistory } from "./demo-history-write";
import { loadDemoInputs, type DemoInputs } from "./demo-inputs";
import { DEMO_POLICY_ID, writeDemoCatalog, writeDemoPeople, writeDemoPolicy, writeDemoQueue } from "./demo-writes";

/** What to seed and from where. */
export interface SeedOptions {
  /** The instant the demo treats as "now" (carbon mapping, job submission times). */
  now: Date;
  /** Folder holding the demo CSVs (data/demo in the repo). */
  dataDir: string;
  jobCount?: number;
  historyHours?: number;
  forecastHours?: number;
  /** Days of completed-job history (0 = none). */
  historyDays?: number;
  /** bcrypt cost; tests lower it to save time. */
  bcryptRounds?: number;
  /**
   * "quiet" (default): the full fleet, idle, with a small queue (the integration tests' template).
   * "busy": the smaller busy fleet 60-85 % allocated by running jobs, a queue with a gang to reserve
   * for, a job that must preempt and jobs that borrow quota, and demo arrivals on (`npm start`).
   */
  workload?: "busy" | "quiet";
}

/** How many rows of each kind the demo wrote. */
export interface SeedSummary {
  clusters: number;
  nodes: number;
  gpus: number;
  samples: number;
  jobs: number;
  users: number;
}

const SEED = 20_260_101;
/** Allocation the busy demo's running jobs reach at "now" (the overview's GPU allocation). */
const BUSY_TARGET_RATIO = 0.72;
/** The simulated clusters' default speed (VERDANT_SIM_SPEED): running jobs started that much earlier in wall time. */
const DEMO_SIM_SPEED = 60;

/** True when the database already holds data (the demo is seeded only once). */
export async function isSeeded(db: Db): Promise<boolean> {
  return (await db.user.count()) > 0;
}

/** What the completed-job history of the last `days` days is built from (see demo-history.ts). */
function historyInput(inputs: DemoInputs, now: Date, days: number): HistoryInput {
  return {
    now,
    days,
    jobsPerDay: 8,
    seed: SEED + 2,
    pods: inputs.pods,
    clusters: demoClusters.map((c) => ({ ...c, id: `cluster-${c.name}` })),
    nodes: inputs.nodeRows,
    gpuModels: inputs.gpuModels,
    samples: inputs.samples,
    zones: demoZones,
    tenants: demoTenants.map((t) => ({
      id: `tenant-${t.slug}`,
      userId: `user-${t.slug}`,
      maxGpus: t.maxGpus,
      carbonBudgetKgPerMonth: t.carbonBudgetKgPerMonth,
    })),
    policy: { id: DEMO_POLICY_ID, version: 1, ...demoPolicy },
  };
}

/** The busy demo's running jobs (placed by the coordinator), queue and nominal quotas; sets the catalog's counters. */
function buildBusyRows(inputs: DemoInputs, now: Date) {
  const tenants = demoTenants.map((t) => ({
    id: `tenant-${t.slug}`,
    userId: `user-${t.slug}`,
    maxGpus: busyTenantQuotas[t.slug]?.maxGpus ?? t.maxGpus,
    carbonBudgetKgPerMonth: null,
  }));
  const history = { ...historyInput(inputs, now, 0), tenants };
  const running = buildRunningState({ history, seed: SEED + 3, targetRatio: BUSY_TARGET_RATIO, simSpeed: DEMO_SIM_SPEED });
  holdOnCatalog(inputs, running);
  return { running, queue: buildBusyQueue(inputs.pods, 80, now, SEED + 4), nominal: nominalQuotas(history) };
}

/** Seeds the demo; throws if the database is not empty. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const { now } = options;
  const busy = options.workload === "busy";
  const inputs = loadDemoInputs({ ...options, seed: SEED, fleet: busy ? "compact" : "full" });
  const rounds = options.bcryptRounds ?? 10;
  // Computed before the transaction opens, which then only writes (on a busy machine the replay
  // inside it ran past the transaction's time limit).
  const history = buildDemoHistory(historyInput(inputs, now, options.historyDays ?? 14));
  const busyRows = busy ? buildBusyRows(inputs, now) : null;
  const counts = {
    clusters: demoClusters.length,
    nodes: inputs.nodeRows.length,
    gpus: inputs.gpuRows.length,
    jobs: busyRows ? busyRows.queue.length + busyRows.running.jobs.length : inputs.jobs.length,
  };
  await db.$transaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) throw new Error("The database already holds data; the demo is seeded only into an empty database.");
      await writeDemoCatalog(tx, inputs, now);
      await writeDemoPeople(tx, now, (password) => bcrypt.hashSync(password, rounds));
      await writeDemoPolicy(tx, now);
      if (busyRows) await writeBusyState(tx, { ...busyRows, now });
      else await writeDemoQueue(tx, inputs.jobs);
      await seedClusterLinks(tx, now, { queuedSplit: !busyRows });
      await writeDemoHistory(tx, history);
      await tx.auditLog.create({ data: { actorId: null, action: "demo.seed", entityType: "System", entityId: "demo", after: counts, at: now } });
    },
    { timeout: 180_000, maxWait: 30_000 },
  );
  return { ...counts, samples: inputs.samples.length, users: demoStaff.length + demoTenants.length };
}
