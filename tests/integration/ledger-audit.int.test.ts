// `npm run ledger:audit` against a cloned seeded database: the JSON line's keys and that its numbers
// are those of the ledger rows of the period; jobs of a sped-up simulated cluster replay at the live
// concurrency and are priced for their work; bad flags give a usage error naming the flag.
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
    // The bootstrap interval of the difference brackets the difference itself.
    const gap = lines.find((l) => l.startsWith("difference of the two methods:"))!;
    const m = /: (-?[\d.]+) points \(95 % bootstrap interval over the period's jobs: (-?[\d.]+) \.\. (-?[\d.]+) points\)/.exec(gap);
    expect(m, gap).not.toBeNull();
    const [difference, low, high] = [m![1], m![2], m![3]].map(Number) as [number, number, number];
    expect(difference).toBeCloseTo(json.ledgerSavedPct - json.shadowSavedPct, 1);
    expect(low).toBeLessThanOrEqual(difference + 0.1);
    expect(high).toBeGreaterThanOrEqual(difference - 0.1);
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

  it("replays jobs of a 60x simulated cluster for their wall time, at the live concurrency, and prices the work they did", async () => {
    const args = ["--days", "7", "--until", SEED_NOW.toISOString(), "--json"];
    const activeKg = (stdout: string) => Number(/method 2, shadow replay: active policy ([\d.]+) kg/.exec(stdout)![1]);
    const concurrency = (stdout: string) => {
      const m =
        /jobs running at once \(mean over the period, peak\): live ([\d.e+-]+) \/ (\d+), replay baseline ([\d.e+-]+) \/ (\d+), replay active ([\d.e+-]+) \/ (\d+)/.exec(
          stdout,
        );
      expect(m).not.toBeNull();
      return { live: Number(m![1]), baseline: Number(m![3]), active: Number(m![5]) };
    };
    const before = audit(t.url, args);
    expect(before.status).toBe(0);

    // The same work, as a cluster simulated at 60x records it: a 60th of the wall time, workSpeed 60.
    const jobs = await t.db.job.findMany({
      where: { submittedAt: window, savings: { isNot: null } },
      select: { id: true, startedAt: true, finishedAt: true },
    });
    expect(jobs.length).toBeGreaterThan(10);
    await t.db.$transaction([
      ...jobs.map((j) =>
        t.db.job.update({
          where: { id: j.id },
          data: { finishedAt: new Date(j.startedAt!.getTime() + (j.finishedAt!.getTime() - j.startedAt!.getTime()) / 60) },
        }),
      ),
      t.db.carbonSavingsEntry.updateMany({ where: { jobId: { in: jobs.map((j) => j.id) } }, data: { workSpeed: 60 } }),
    ]);
    const after = audit(t.url, args);
    expect(after.stderr).not.toMatch(/ledger:audit:/);
    expect(after.status).toBe(0);

    // Wall time at the live concurrency: the replay's jobs overlap as the compressed live runs did
    // (running each for its work instead would carry 60 times as many at once).
    const c = concurrency(after.stdout);
    expect(c.live).toBeCloseTo(concurrency(before.stdout).live / 60, 3);
    expect(c.baseline / c.live).toBeGreaterThan(0.98);
    expect(c.baseline / c.live).toBeLessThan(1.02);
    expect(c.active / c.live).toBeGreaterThan(0.98);
    expect(c.active / c.live).toBeLessThan(1.02);
    // The work it did, priced: about what the same work cost replayed at real speed (not a 60th of it);
    // only the hours it falls in differ.
    const ratio = activeKg(after.stdout) / activeKg(before.stdout);
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
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
