// `npm run ledger:audit` against a cloned seeded database: the JSON line's keys and that its numbers
// are those of the ledger rows of the period; bad flags give a usage error naming the flag.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const DAY_MS = 86_400_000;

function audit(url: string, args: string[]) {
  return spawnSync(process.execPath, [tsx, "scripts/ledger-audit.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, DATABASE_URL: url },
  });
}

describe("ledger:audit", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createSeededDatabase();
  });
  afterAll(() => t.drop());

  const window = { gte: new Date(SEED_NOW.getTime() - 7 * DAY_MS), lt: SEED_NOW };

  it("prints both methods and a JSON line whose numbers are the ledger's for the jobs of the period", async () => {
    const run = audit(t.url, ["--days", "7", "--until", SEED_NOW.toISOString(), "--json"]);
    expect(run.stderr).not.toMatch(/ledger:audit:/);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.some((l) => l.startsWith("method 2, shadow replay:"))).toBe(true);
    const json = JSON.parse(lines.at(-1)!);
    expect(Object.keys(json).sort()).toEqual(["baselineClusterShareMax", "entries", "ledgerSavedPct", "shadowSavedPct"]);

    const rows = await t.db.carbonSavingsEntry.findMany({ where: { job: { submittedAt: window } } });
    expect(rows.length).toBeGreaterThan(10);
    expect(json.entries).toBe(rows.length);
    const baseline = rows.reduce((s, r) => s + r.baselineGCo2e, 0);
    const actual = rows.reduce((s, r) => s + r.actualGCo2e, 0);
    expect(json.ledgerSavedPct).toBeCloseTo((100 * (baseline - actual)) / baseline, 6);
    // Every seeded entry mixes clusters: none names a single baseline cluster.
    expect(rows.every((r) => r.baselineClusterId === null && r.method === "capacity-weighted-start-at-submit@2")).toBe(true);
    expect(json.baselineClusterShareMax).toBeNull();
    expect(typeof json.shadowSavedPct).toBe("number");
    expect(json.shadowSavedPct).toBeGreaterThan(-100);
    expect(json.shadowSavedPct).toBeLessThan(100);
  });

  it("reports the largest share of entries naming one baseline cluster for single-cluster entries", async () => {
    const rows = await t.db.carbonSavingsEntry.findMany({ where: { job: { submittedAt: window } }, orderBy: { id: "asc" }, select: { id: true } });
    const three = rows.slice(0, 3).map((r) => r.id);
    await t.db.carbonSavingsEntry.updateMany({
      where: { id: { in: three } },
      data: { baselineClusterId: "cluster-dfw-edge-1", method: "least-loaded-start-at-submit@1" },
    });
    const run = audit(t.url, ["--days", "7", "--until", SEED_NOW.toISOString(), "--json"]);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
    expect(json.baselineClusterShareMax).toBeCloseTo(3 / rows.length, 9);
  });

  it.each([
    [["--days", "soon"], /--days: "soon" is not a whole number/],
    [["--json"], /--days: missing/],
    [["--days", "7", "--until", "yesterday"], /--until: "yesterday" is not an ISO date-time/],
    [["--days", "7", "--verbose"], /Unknown option '--verbose'/],
  ])("refuses %j with a usage error naming the flag", (args, message) => {
    const run = audit(t.url, args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });
});
