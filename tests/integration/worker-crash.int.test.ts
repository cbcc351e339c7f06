// A worker killed with SIGKILL in the middle of scheduling loses and duplicates nothing: after a
// restart it continues from the database, every job is decided, none is placed twice, and the GPU
// and node counters match the shares exactly.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));

// `node --import tsx` runs the worker in this one process. The tsx command instead forks a second
// node process, which a SIGKILL of the first never reaches: the "crashed" worker would live on.
function startWorker(url: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { cwd: root, stdio: "ignore", env: { ...process.env, DATABASE_URL: url, VERDANT_CYCLE_MS: "300", VERDANT_SIM_SPEED: "1" } });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

describe("worker crash", () => {
  let database: TestDatabase;
  let worker: ChildProcess | null = null;
  beforeAll(async () => {
    database = await createSeededDatabase();
    const seedJobs = await database.db.job.findMany({ where: { status: "QUEUED" } });
    const extra = Array.from({ length: 240 }, (_, i) => {
      const { id: _id, ...source } = seedJobs[i % seedJobs.length]!;
      return { ...source, id: `job-crash-${i}`, idempotencyKey: `crash-${i}`, name: `crash-${i}`, earliestStartAt: null, deadlineAt: null, submittedAt: new Date() };
    });
    await database.db.job.createMany({ data: extra });
  });
  afterAll(async () => {
    worker?.kill("SIGKILL");
    await database.drop();
  });

  it("continues after kill -9 without losing or duplicating a placement", async () => {
    const decided = () => database.db.job.count({ where: { decisions: { some: {} } } });
    worker = startWorker(database.url);
    await waitFor(async () => (await decided()) >= 5, 90_000);
    worker.kill("SIGKILL");
    await new Promise((r) => worker!.once("exit", r));
    const atCrash = await decided();
    expect(atCrash).toBeLessThan(300);

    worker = startWorker(database.url);
    await waitFor(async () => (await database.db.job.count({ where: { status: "QUEUED", decisions: { none: {} } } })) === 0, 120_000);
    worker.kill("SIGTERM");
    await new Promise((r) => worker!.once("exit", r));
    worker = null;

    const doublePlaced = await database.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (SELECT "jobId" FROM "Decision" WHERE outcome = 'PLACED' GROUP BY "jobId" HAVING count(*) > 1) d`;
    expect(Number(doublePlaced[0]!.n)).toBe(0);
    const drift = await database.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Gpu" g WHERE g."allocatedMilli" <> COALESCE((SELECT SUM(milli) FROM "GpuShare" s WHERE s."gpuId" = g.id), 0)`;
    expect(Number(drift[0]!.n)).toBe(0);
    const holding = await database.db.job.count({ where: { status: { in: ["PLACED", "RUNNING"] }, gpuCount: { gt: 0 } } });
    const withShares = await database.db.job.count({ where: { status: { in: ["PLACED", "RUNNING"] }, gpuCount: { gt: 0 }, gpuShares: { some: {} } } });
    expect(withShares).toBe(holding);
    // Each node's counters equal what the placed jobs' stored assignments say they hold there.
    const nodeDrift = await database.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Node" n WHERE n."allocatedCpuMilli" <> COALESCE((
        SELECT SUM((a->>'cpuMilli')::int) FROM "Job" j JOIN "Decision" d ON d."jobId" = j.id AND d.outcome = 'PLACED', jsonb_array_elements(d.assignments) a
        WHERE j.status IN ('PLACED', 'RUNNING') AND a->>'cluster' = n."clusterId" AND a->>'node' = n.name), 0)`;
    expect(Number(nodeDrift[0]!.n)).toBe(0);
  }, 240_000);
});
