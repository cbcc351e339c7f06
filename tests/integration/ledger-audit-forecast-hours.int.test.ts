// `npm run ledger:audit` (and auto-tune's history) prices an hour without a measurement as the ledger does: at the newest
// provider forecast, not at the zone's annual average. The last two days of a seeded database lose
// their measurements and gain forecasts of the same values (and an older, different forecast that the
// newest one overrides): the ledger would price those hours as before, and so must the replay.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildShadowScenario } from "../../server/accounting/shadow-replay";
import { loadTuneHistory } from "../../server/tuning/tune-history";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const HOUR_MS = 3_600_000;

function audit(url: string) {
  const run = spawnSync(process.execPath, [tsx, "scripts/ledger-audit.ts", "--days", "7", "--until", SEED_NOW.toISOString(), "--json"], {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
    env: { ...process.env, DATABASE_URL: url },
  });
  expect(run.stderr).not.toMatch(/ledger:audit:/);
  expect(run.status).toBe(0);
  const line = (prefix: string) => run.stdout.split("\n").find((l) => l.startsWith(prefix)) ?? "";
  const hours = /without a measurement: (\d+) \((\d+) priced at the provider's forecast/.exec(line("zone-hours of the period"));
  expect(hours).not.toBeNull();
  return {
    replay: line("method 2, shadow replay:"),
    json: JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { shadowSavedPct: number; ledgerSavedPct: number },
    unmeasured: Number(hours![1]),
    forecast: Number(hours![2]),
  };
}

describe("ledger:audit on hours without a measurement", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createSeededDatabase();
  });
  afterAll(() => t.drop());

  it("replays them at the newest provider forecast, as the ledger prices them, in the audit and in auto-tune's history", async () => {
    const before = audit(t.url);
    // Auto-tune replays the same history: a window over the last week, priced the same way.
    const windows = {
      trainingFromMs: SEED_NOW.getTime() - 7 * 24 * HOUR_MS,
      trainingToMs: SEED_NOW.getTime() - 3 * 24 * HOUR_MS,
      validationFromMs: SEED_NOW.getTime() - 3 * 24 * HOUR_MS,
      validationToMs: SEED_NOW.getTime(),
    };
    const zoneSeries = async () => {
      const loaded = await loadTuneHistory(t.db, windows);
      return buildShadowScenario(loaded!.history.validation).scenario.zones.map((z) => [z.zone, z.gCo2ePerKwh]);
    };
    const tuneBefore = await zoneSeries();

    const to = new Date(Math.floor(SEED_NOW.getTime() / HOUR_MS) * HOUR_MS);
    const from = new Date(to.getTime() - 48 * HOUR_MS);
    const measured = await t.db.carbonIntensitySample.findMany({ where: { kind: "MEASURED", at: { gte: from, lt: to } } });
    const zones = new Set(measured.map((m) => m.zoneId));
    expect(zones.size).toBeGreaterThan(3);
    expect(measured.length).toBe(48 * zones.size);
    // Jobs of the period ran in those hours, so the price of the hours moves the replay's totals.
    const ran = await t.db.job.count({ where: { savings: { isNot: null }, startedAt: { lt: to }, finishedAt: { gt: from } } });
    expect(ran).toBeGreaterThan(0);
    const forecast = (m: (typeof measured)[number], issuedHoursBefore: number, gCo2ePerKwh: number) => ({
      zoneId: m.zoneId,
      at: m.at,
      gCo2ePerKwh,
      kind: "FORECAST" as const,
      signalType: m.signalType,
      emissionFactorType: m.emissionFactorType,
      provider: m.provider,
      source: "ledger-audit-test",
      forecastIssuedAt: new Date(m.at.getTime() - issuedHoursBefore * HOUR_MS),
    });
    await t.db.$transaction([
      t.db.carbonIntensitySample.deleteMany({ where: { id: { in: measured.map((m) => m.id) } } }),
      // An older forecast far off the mark, then the newest one: the measured value.
      t.db.carbonIntensitySample.createMany({ data: measured.map((m) => forecast(m, 24, m.gCo2ePerKwh * 3 + 50)) }),
      t.db.carbonIntensitySample.createMany({ data: measured.map((m) => forecast(m, 1, m.gCo2ePerKwh)) }),
    ]);

    const after = audit(t.url);
    // The same intensity in every hour: the replay's figures are those of the measured database.
    expect(after.replay).toBe(before.replay);
    expect(after.json.shadowSavedPct).toBeCloseTo(before.json.shadowSavedPct, 9);
    expect(after.json.ledgerSavedPct).toBeCloseTo(before.json.ledgerSavedPct, 9);
    expect(after.unmeasured).toBe(before.unmeasured + measured.length);
    expect(after.forecast).toBe(before.forecast + measured.length);
    expect(await zoneSeries()).toEqual(tuneBefore);
  });
});
