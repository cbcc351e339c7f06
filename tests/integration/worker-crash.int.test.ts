// A worker killed with SIGKILL in the middle of a 200-job scheduling cycle loses and duplicates
// nothing: the supervisor `npm start` uses restarts it, the new process continues from the database,
// every job is decided, none is placed twice, and the GPU and node counters match the shares exactly.
import { spawn, type ChildProcess } from "node:child_process";
import { constants as osConstants } from "node:os";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRestart, recordStart } from "../../server/repositories/heartbeat-repository";
import { exitCodeOf, supervise, type Supervisor } from "../../scripts/lib/supervise";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));

// `node --import tsx` runs the worker in this one process (as `npm start` does). The tsx command
// instead forks a second node process, which a SIGKILL of the first never reaches.
function startWorker(url: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, DATABASE_URL: url, VERDANT_CYCLE_MS: "300", VERDANT_SIM_SPEED: "1" },
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

const count = async (query: Promise<{ n: bigint }[]>) => Number((await query)[0]!.n);

describe("worker crash", () => {
  let database: TestDatabase;
  let supervisor: Supervisor | null = null;
  beforeAll(async () => {
    database = await createSeededDatabase();
    const seedJobs = await database.db.job.findMany({ where: { status: "QUEUED", name: { startsWith: "trace-" } } });
    const extra = Array.from({ length: 240 }, (_, i) => {
      const { id: _id, ...source } = seedJobs[i % seedJobs.length]!;
      return {
        ...source,
        id: `job-crash-${i}`,
        idempotencyKey: `crash-${i}`,
        name: `crash-${i}`,
        earliestStartAt: null,
        deadlineAt: null,
        submittedAt: new Date(),
      };
    });
    await database.db.job.createMany({ data: extra });
  });
  afterAll(async () => {
    supervisor?.child?.kill("SIGKILL");
    await supervisor?.stop();
    await database.drop();
  });

  it("is restarted by the supervisor after kill -9 mid-cycle, with no job lost or placed twice", async () => {
    const db = database.db;
    const queued = await db.job.findMany({ where: { status: "QUEUED" }, select: { id: true } });
    // The 60 seeded trace jobs, the seeded split gang and 240 copies of trace jobs.
    expect(queued).toHaveLength(301);
    const decided = () => db.job.count({ where: { decisions: { some: {} } } });

    const exits: { code: number | null; restartInMs: number }[] = [];
    supervisor = supervise({
      spawn: () => startWorker(database.url),
      onStart: (child) => void recordStart(db, "worker", child.pid ?? null, new Date()),
      onExit: (exit) => {
        const code = exitCodeOf(exit.code, exit.signal, osConstants.signals);
        exits.push({ code, restartInMs: exit.restartInMs });
        void recordRestart(db, "worker", code, new Date());
      },
    });
    const first = supervisor.child!;
    await waitFor(async () => (await decided()) >= 5, 90_000);
    first.kill("SIGKILL");
    const killedAt = Date.now();
    const atCrash = await decided();
    // Killed inside the first cycle (it takes 200 jobs), not after it.
    expect(atCrash).toBeLessThan(200);

    // The supervisor starts a new process, whose first completed cycle stamps the heartbeat.
    let restarted: { pid: number | null; lastCycleAt: Date | null } | null = null;
    await waitFor(async () => {
      restarted = await db.serviceHeartbeat.findUnique({ where: { name: "worker" }, select: { pid: true, lastCycleAt: true } });
      return !!restarted?.lastCycleAt && restarted.lastCycleAt.getTime() > killedAt && restarted.pid !== first.pid;
    }, 60_000);
    const recoveredMs = restarted!.lastCycleAt!.getTime() - killedAt;
    const firstNewDecision = await db.decision.findFirst({
      where: { createdAt: { gt: new Date(killedAt) } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    const firstDecisionMs = firstNewDecision ? firstNewDecision.createdAt.getTime() - killedAt : null;
    expect(supervisor.child?.pid).toBe(restarted!.pid);
    expect(exits).toEqual([{ code: 137, restartInMs: 1000 }]);

    await waitFor(async () => (await db.job.count({ where: { status: "QUEUED", decisions: { none: {} } } })) === 0, 120_000);
    await supervisor.stop();
    expect(supervisor.restarts).toBe(1);
    supervisor = null;

    // Lost: gone, or never decided (jobs whose deadline passed become EXPIRED without a decision, by design).
    const ids = queued.map((j) => j.id);
    const lost =
      ids.length -
      (await db.job.count({ where: { id: { in: ids } } })) +
      (await db.job.count({ where: { id: { in: ids }, decisions: { none: {} }, status: { not: "EXPIRED" } } }));
    const expired = await db.job.count({ where: { id: { in: ids }, status: "EXPIRED" } });
    const doublePlaced = await count(
      db.$queryRaw`SELECT count(*) AS n FROM (SELECT "jobId" FROM "Decision" WHERE outcome = 'PLACED' GROUP BY "jobId" HAVING count(*) > 1) d`,
    );
    const gpuDrift = await count(
      db.$queryRaw`SELECT count(*) AS n FROM "Gpu" g WHERE g."allocatedMilli" <> COALESCE((SELECT SUM(milli) FROM "GpuShare" s WHERE s."gpuId" = g.id), 0)`,
    );
    // Each node's counters equal what the placed jobs' stored assignments say they hold there.
    const nodeDrift = await count(db.$queryRaw`SELECT count(*) AS n FROM "Node" n WHERE n."allocatedCpuMilli" <> COALESCE((
        SELECT SUM((a->>'cpuMilli')::int) FROM "Job" j JOIN "Decision" d ON d."jobId" = j.id AND d.outcome = 'PLACED', jsonb_array_elements(d.assignments) a
        WHERE j.status IN ('PLACED', 'RUNNING') AND a->>'cluster' = n."clusterId" AND a->>'node' = n.name), 0)`);
    const holding = await db.job.count({ where: { status: { in: ["PLACED", "RUNNING"] }, gpuCount: { gt: 0 } } });
    const withShares = await db.job.count({ where: { status: { in: ["PLACED", "RUNNING"] }, gpuCount: { gt: 0 }, gpuShares: { some: {} } } });
    const placed = await db.job.count({ where: { id: { in: ids }, decisions: { some: { outcome: "PLACED" } } } });
    const heartbeat = await db.serviceHeartbeat.findUniqueOrThrow({ where: { name: "worker" } });
    console.log(
      `[fault] worker kill -9 mid-cycle: ${atCrash} of ${queued.length} queued jobs decided at the kill; restarted after a ${exits[0]!.restartInMs} ms back-off; ` +
        `first decision of the new process ${firstDecisionMs === null ? "none" : `${(firstDecisionMs / 1000).toFixed(1)} s`} and its first completed cycle ${(recoveredMs / 1000).toFixed(1)} s after the kill; ` +
        `${placed} placed and ${expired} expired (deadline passed) in the end; jobs lost ${lost}, placed twice ${doublePlaced}, ` +
        `GPU counter drift ${gpuDrift}, node counter drift ${nodeDrift}; heartbeat restarts ${heartbeat.restarts}, last exit code ${heartbeat.lastExitCode}`,
    );
    expect({ lost, doublePlaced, gpuDrift, nodeDrift }).toEqual({ lost: 0, doublePlaced: 0, gpuDrift: 0, nodeDrift: 0 });
    expect(withShares).toBe(holding);
    expect(heartbeat).toMatchObject({ restarts: 1, lastExitCode: 137 });
    expect(firstDecisionMs).not.toBeNull();
    expect(firstDecisionMs!).toBeLessThan(20_000);
    expect(recoveredMs).toBeLessThan(60_000);
  }, 240_000);
});
