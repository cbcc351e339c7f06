// PostgreSQL stopped for 30 s under job-submission traffic, then started again: every request during
// the outage fails fast with a clear error (no hang past the pool's connect timeout), the app's client
// is back in service within seconds of the restart without being recreated, and no submission is lost
// or stored twice (a submission that reported success is in the database exactly once; retrying the
// failed ones with their idempotency keys stores each once). Closing the pool afterwards does not wait on
// a connection a broken transaction kept.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../server/db/client";
import { embeddedPasswordFile, startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/db/embedded-postgres";
import { seedDemo } from "../../server/seed/seed-demo";
import { databaseErrorMessage, readHealth } from "../../server/services/health-service";
import { migrate } from "../../scripts/lib/database";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** This file's own server (in the fault tests' range 25520-25529), so stopping it disturbs no other test. */
const PORT = 25520;
const OUTAGE_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Attempt {
  key: string;
  startedAt: number;
  ms: number;
  ok: boolean;
  error?: string;
}

describe("database restart", () => {
  const dataDir = join(root, ".data", `fault-pg-${process.pid}`);
  let server: EmbeddedDatabase | null = null;
  let db: Db;
  beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    server = await startEmbeddedPostgres({ dataDir, port: PORT, database: "verdant" });
    migrate(server.url);
    db = createDb(server.url, { connectTimeoutMs: CONNECT_TIMEOUT_MS });
    await seedDemo(db, { now: SEED_NOW, dataDir: join(root, "data", "demo"), bcryptRounds: 4 });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(embeddedPasswordFile(dataDir), { force: true });
  });

  it("fails requests fast during a 30 s outage and serves again within seconds of the restart, losing nothing", async () => {
    const caller = await callerAs(db, demoUserIds.aurora, new Date());
    const submit = (key: string) =>
      caller.jobs.submit({
        idempotencyKey: key,
        name: `fault-${key}`,
        kind: "BATCH",
        cpuMilli: 1000,
        memoryMib: 1024,
        gpuCount: 1,
        gpuMilli: 1000,
        allowedGpuModels: [],
        gangSize: 1,
        estimatedDurationS: 600,
        priority: 1,
        earliestStartAt: null,
        deadlineAt: null,
        allowedRegions: [],
      });

    const attempts: Attempt[] = [];
    let running = true;
    const traffic = (async () => {
      for (let i = 0; running; i++) {
        const key = `outage-${i}`;
        const startedAt = Date.now();
        try {
          await submit(key);
          attempts.push({ key, startedAt, ms: Date.now() - startedAt, ok: true });
        } catch (error) {
          attempts.push({ key, startedAt, ms: Date.now() - startedAt, ok: false, error: databaseErrorMessage(error) });
        }
        await sleep(100);
      }
    })();

    // A transaction open across the stop: its connection breaks while checked out.
    let resume!: () => void;
    const resumed = new Promise<void>((r) => (resume = r));
    const heldTransaction = db
      .$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          await resumed;
          await tx.$queryRaw`SELECT 1`;
        },
        { timeout: 60_000 },
      )
      .then(() => "committed", databaseErrorMessage);

    await sleep(3_000);
    const stoppedAt = Date.now();
    await server!.stop();
    server = null;
    resume();
    const heldOutcome = await heldTransaction;
    const stopMs = Date.now() - stoppedAt;
    await sleep(2_000);
    // The health check says "down" at once rather than hanging.
    const healthStarted = performance.now();
    const health = await readHealth(db, []);
    const healthMs = performance.now() - healthStarted;
    expect(health.status).toBe("down");

    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
    const restartAt = Date.now();
    server = await startEmbeddedPostgres({ dataDir, port: PORT, database: "verdant" });
    const listeningAt = Date.now();
    const deadline = Date.now() + 30_000;
    while (!attempts.some((a) => a.ok && a.startedAt >= listeningAt) && Date.now() < deadline) await sleep(50);
    await sleep(2_000);
    running = false;
    await traffic;

    const firstOkAfter = attempts.find((a) => a.ok && a.startedAt >= listeningAt);
    expect(firstOkAfter, "a submission succeeded after the restart").toBeDefined();
    const failed = attempts.filter((a) => !a.ok);
    const succeeded = attempts.filter((a) => a.ok);
    const slowestFailureMs = Math.max(...failed.map((a) => a.ms));
    const reasons = [...new Set(failed.map((a) => a.error))];

    // Retrying every failed submission with its key stores it once (created false: it had gone through).
    let retriedCreated = 0;
    let retriedExisting = 0;
    for (const a of failed) {
      const result = await submit(a.key);
      if (result.created) retriedCreated++;
      else retriedExisting++;
    }
    const keys = attempts.map((a) => a.key);
    const stored = await db.job.groupBy({ by: ["idempotencyKey"], where: { tenantId: "tenant-aurora-labs", idempotencyKey: { in: keys } }, _count: true });
    const storedOnce = stored.filter((s) => s._count === 1).length;
    const duplicated = stored.filter((s) => s._count > 1).length;
    const lost = succeeded.filter((a) => !stored.some((s) => s.idempotencyKey === a.key)).length;
    const health2 = await readHealth(db, []);
    // No connection stayed checked out by a transaction the outage broke: closing the pool does not wait.
    const closeStarted = performance.now();
    const closed = await Promise.race([db.$disconnect().then(() => true), sleep(10_000).then(() => false)]);
    const closeMs = performance.now() - closeStarted;

    console.log(
      `[fault] PostgreSQL down ${((restartAt - stoppedAt) / 1000).toFixed(1)} s under a submission every ~100 ms: ${attempts.length} submissions, ${succeeded.length} succeeded, ${failed.length} failed ` +
        `(slowest failure ${slowestFailureMs} ms; reasons: ${reasons.map((r) => JSON.stringify(r)).join(", ")}); stop took ${stopMs} ms; health during the outage "${health.status}" in ${Math.round(healthMs)} ms; ` +
        `PostgreSQL listening ${((listeningAt - restartAt) / 1000).toFixed(1)} s after the restart began, first successful submission ${((firstOkAfter!.startedAt + firstOkAfter!.ms - listeningAt) / 1000).toFixed(2)} s after that; ` +
        `retried ${failed.length} failed keys: ${retriedCreated} created, ${retriedExisting} had gone through; stored once ${storedOnce} of ${keys.length} keys, duplicated ${duplicated}, lost ${lost}; a transaction open across the stop: "${heldOutcome}"; pool closed ${closed ? `in ${Math.round(closeMs)} ms` : "NOT within 10 s (a connection leaked)"}`,
    );
    expect(failed.length).toBeGreaterThan(100);
    // Fast, clear failures: within the connect timeout, naming the unreachable database.
    expect(slowestFailureMs).toBeLessThan(CONNECT_TIMEOUT_MS + 1_000);
    for (const reason of reasons) expect(reason).toMatch(/reach database server|shutting down|starting up|terminat|connection|ECONNREFUSED/i);
    expect(healthMs).toBeLessThan(CONNECT_TIMEOUT_MS + 1_000);
    // Back in service within seconds of PostgreSQL listening again, with the same client.
    expect(firstOkAfter!.startedAt + firstOkAfter!.ms - listeningAt).toBeLessThan(5_000);
    expect(health2.status).toBe("ok");
    expect({ storedOnce, duplicated, lost }).toEqual({ storedOnce: keys.length, duplicated: 0, lost: 0 });
    expect(heldOutcome).toMatch(/connection/i);
    expect(closed).toBe(true);
  }, 120_000);
});
