// /api/health against a real database: ok while the background processes cycle, degraded (naming the
// process and its last cycle age) when one is stale, missing or restarting, down only without the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../server/db/client";
import { recordCycle, recordRestart, recordStart } from "../../server/repositories/heartbeat-repository";
import { expectedServices, readHealth } from "../../server/services/health-service";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const both = expectedServices({ VERDANT_WORKER: "on", VERDANT_EXPERIMENTS: "on", VERDANT_CYCLE_MS: 3000 });

describe("health", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("is ok only while every expected background process cycles", async () => {
    const now = Date.now();
    const missing = await readHealth(database.db, both);
    expect(missing).toMatchObject({
      status: "degraded",
      database: { status: "up" },
      services: [
        { name: "worker", status: "missing" },
        { name: "experiments", status: "missing" },
      ],
    });
    // A web-only instance expects nothing.
    expect(await readHealth(database.db, expectedServices({ VERDANT_WORKER: "off", VERDANT_EXPERIMENTS: "off", VERDANT_CYCLE_MS: 3000 }))).toMatchObject({
      status: "ok",
      services: [],
    });

    await recordCycle(database.db, "worker", 11, new Date(now - 2_000));
    await recordCycle(database.db, "experiments", 12, new Date(now - 45_000));
    const stale = await readHealth(database.db, both, () => new Date(now));
    expect(stale).toMatchObject({
      status: "degraded",
      services: [
        { name: "worker", status: "ok", lastCycleAgeS: 2 },
        { name: "experiments", status: "stale", lastCycleAgeS: 45, maxAgeS: 30 },
      ],
    });

    await recordCycle(database.db, "experiments", 12, new Date(now - 1_000));
    expect(await readHealth(database.db, both, () => new Date(now))).toMatchObject({ status: "ok" });

    // The worker dies: degraded while it is restarting, ok again after its first cycle.
    await recordRestart(database.db, "worker", 137, new Date(now + 1_000));
    await recordStart(database.db, "worker", 21, new Date(now + 2_000));
    expect(await readHealth(database.db, both, () => new Date(now + 3_000))).toMatchObject({
      status: "degraded",
      services: [{ name: "worker", status: "restarting", restarts: 1 }, { status: "ok" }],
    });
    await recordCycle(database.db, "worker", 21, new Date(now + 4_000));
    expect(await readHealth(database.db, both, () => new Date(now + 5_000))).toMatchObject({
      status: "ok",
      services: [{ name: "worker", status: "ok", restarts: 1 }, { status: "ok" }],
    });
  });

  it("is down, quickly and with the driver's reason, when PostgreSQL does not answer", async () => {
    // Nothing listens on this port (it is in this file's reserved range and never started here).
    const unreachable = createDb("postgresql://verdant:x@127.0.0.1:25529/verdant");
    try {
      const started = performance.now();
      const report = await readHealth(unreachable, both);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(report).toMatchObject({ status: "down", database: { status: "down" } });
      expect(report.status === "down" && report.database.error).toBe("Can't reach database server at 127.0.0.1:25529");
    } finally {
      await unreachable.$disconnect();
    }
  });
});
