import { describe, expect, it } from "vitest";
import type { Heartbeat } from "../repositories/heartbeat-repository";
import { assessService, databaseErrorMessage, maxCycleAgeMs } from "./health-service";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);
const row = (overrides: Partial<Heartbeat>): Heartbeat => ({
  name: "worker",
  pid: 1,
  startedAt: at(0),
  lastCycleAt: null,
  restarts: 0,
  lastExitAt: null,
  lastExitCode: null,
  ...overrides,
});
const worker = { name: "worker" as const, cycleMs: 3000 };

describe("assessService", () => {
  it("allows three cycle intervals, never less than 30 s", () => {
    expect(maxCycleAgeMs(3000)).toBe(30_000);
    expect(maxCycleAgeMs(20_000)).toBe(60_000);
  });

  it("is ok within the allowed age of the last cycle and stale after it", () => {
    expect(assessService(worker, row({ lastCycleAt: at(100) }), at(130))).toMatchObject({ status: "ok", lastCycleAgeS: 30 });
    expect(assessService(worker, row({ lastCycleAt: at(100) }), at(131))).toMatchObject({ status: "stale", lastCycleAgeS: 31, maxAgeS: 30 });
  });

  it("gives a process just started until the allowed age for its first cycle", () => {
    expect(assessService(worker, row({ startedAt: at(100), lastCycleAt: at(10) }), at(120))).toMatchObject({ status: "ok", lastCycleAgeS: 110 });
    expect(assessService(worker, row({ startedAt: at(100) }), at(131))).toMatchObject({ status: "stale", lastCycleAgeS: null });
  });

  it("reports a process that died since its last cycle as restarting until it completes one", () => {
    const crashed = row({ lastCycleAt: at(100), lastExitAt: at(101), restarts: 2, lastExitCode: 137 });
    expect(assessService(worker, crashed, at(102))).toMatchObject({ status: "restarting", restarts: 2 });
    expect(assessService(worker, { ...crashed, startedAt: at(103) }, at(104))).toMatchObject({ status: "restarting" });
    expect(assessService(worker, { ...crashed, startedAt: at(103), lastCycleAt: at(105) }, at(106))).toMatchObject({ status: "ok", restarts: 2 });
  });

  it("reports a process without a row as missing", () => {
    expect(assessService({ name: "experiments", cycleMs: 1000 }, undefined, at(0))).toMatchObject({
      name: "experiments",
      status: "missing",
      lastCycleAgeS: null,
    });
  });
});

describe("databaseErrorMessage", () => {
  it("keeps the reason of Prisma's multi-line messages, not the call site", () => {
    expect(
      databaseErrorMessage(
        new Error("\nInvalid `db.x.findMany()` invocation in\n/app/file.ts:3:33\n\n→ 3 await db.x.findMany(\nCan't reach database server at 127.0.0.1:25529"),
      ),
    ).toBe("Can't reach database server at 127.0.0.1:25529");
    expect(
      databaseErrorMessage(
        new Error("\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. Message: `Can't reach database server at h:1`"),
      ),
    ).toBe("Can't reach database server at h:1");
    expect(databaseErrorMessage(new Error("connect ECONNREFUSED 127.0.0.1:1\nmore"))).toBe("connect ECONNREFUSED 127.0.0.1:1");
  });
});
