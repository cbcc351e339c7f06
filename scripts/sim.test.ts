/* eslint-disable @typescript-eslint/no-explicit-any -- the tests edit untyped scenario JSON freely */
/**
 * The sim command as a user runs it: a real tsx process on a tiny scenario (fixture CSVs), checking
 * exit codes, the --json last line, determinism for a seed, and one clear stderr line for bad input.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixtures = join(root, "tests/fixtures/sim");
const tmp = mkdtempSync(join(tmpdir(), "verdant-sim-cli-"));

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(join(root, "node_modules/.bin/tsx"), [join(root, "scripts/sim.ts"), ...args], { cwd: root, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Writes a copy of the fixture scenario (paths made absolute) changed by `edit`; returns its path. */
function scenario(name: string, edit: (s: Record<string, any>) => void = () => {}): string {
  const s = JSON.parse(readFileSync(join(fixtures, "scenario.json"), "utf8"));
  s.gpuCatalog = join(root, "data/demo/gpu_tdp_published.csv");
  for (const c of s.clusters) c.nodes = join(fixtures, c.nodes);
  s.workload.pods = join(fixtures, s.workload.pods);
  s.carbon.zones = { GB: join(fixtures, "gb-2023-first-72h.csv"), "CA-ON": [join(fixtures, "ca-on-2023-first-72h.csv.gz")] };
  edit(s);
  const path = join(tmp, `${name}.json`);
  writeFileSync(path, JSON.stringify(s));
  return path;
}

const lastLine = (out: string) => out.trim().split("\n").at(-1) as string;
const withoutWallTime = (summary: { policies: Record<string, Record<string, unknown>> }) =>
  Object.fromEntries(Object.entries(summary.policies).map(([name, m]) => [name, { ...m, wallMs: undefined }]));

describe("npm run sim", { timeout: 120_000 }, () => {
  it("runs a tiny scenario: table on stdout, JSON last line, same metrics for the same seed", () => {
    const file = scenario("ok");
    const first = run("--scenario", file, "--json");
    expect(first.stderr).toMatch(/100 % done/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/metric\s+agnostic \(baseline\)\s+green/);
    expect(first.stdout).toMatch(/CO2e saved vs baseline/);
    const summary = JSON.parse(lastLine(first.stdout));
    expect(summary.baseline).toBe("agnostic");
    expect(summary.eventsPerSec).toBeGreaterThan(0);
    expect(Object.keys(summary.policies)).toEqual(["agnostic", "green"]);
    for (const m of Object.values(summary.policies) as Record<string, number>[]) {
      for (const key of [
        "gar",
        "sor",
        "gfr",
        "jwtdP50S",
        "jwtdP90S",
        "jwtdP99S",
        "jttedMedianRelErr",
        "meanJctS",
        "energyKwh",
        "emissionsKg",
        "deadlineMisses",
        "jobsCompleted",
        "jobsSkipped",
      ]) {
        expect(typeof m[key], key).toBe("number");
      }
      expect((m.jobsCompleted ?? 0) + (m.jobsSkipped ?? 0)).toBe(40);
      expect(m.energyKwh).toBeGreaterThan(0);
    }
    const second = run("--scenario", file, "--json");
    expect(second.code).toBe(0);
    expect(withoutWallTime(JSON.parse(lastLine(second.stdout)))).toEqual(withoutWallTime(summary));
    const otherSeed = run("--scenario", file, "--json", "--seed", "8", "--policies", "green");
    expect(otherSeed.code).toBe(0);
    const other = JSON.parse(lastLine(otherSeed.stdout));
    expect(Object.keys(other.policies)).toEqual(["agnostic", "green"]);
    expect(other.seed).toBe(8);
  });

  it("--seeds runs the scenario once per seed and prints each policy's spread", () => {
    const file = scenario("sweep");
    const r = run("--scenario", file, "--seeds", "3-5", "--json");
    expect(r.code).toBe(0);
    expect(r.stderr.match(/^seed \d+: CO2e saved green -?\d+\.\d %/gm)).toHaveLength(3);
    expect(r.stdout).toMatch(/3 seeds \(3, 4, 5\); baseline "agnostic"/);
    const summary = JSON.parse(lastLine(r.stdout));
    expect(summary.seeds).toEqual([3, 4, 5]);
    const green = summary.policies.green.emissionsSavedPct;
    expect(green.min).toBeLessThanOrEqual(green.mean);
    expect(green.mean).toBeLessThanOrEqual(green.max);
    // Each seed is a full run: the single-seed run of seed 4 gives one of the sweep's values.
    const one = JSON.parse(lastLine(run("--scenario", file, "--seed", "4", "--json").stdout));
    expect(one.policies.green.emissionsSavedPctVsBaseline).toBeGreaterThanOrEqual(green.min - 1e-9);
    expect(one.policies.green.emissionsSavedPctVsBaseline).toBeLessThanOrEqual(green.max + 1e-9);
    expect(summary.policies.agnostic.emissionsSavedPct).toEqual({ mean: 0, min: 0, max: 0 });
  });

  it("--help prints the usage", () => {
    const r = run("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/usage: npm run --silent sim -- --scenario FILE\.json \[--json\]/);
  });

  const bad: [string, () => string[], RegExp][] = [
    ["no --scenario", () => [], /^sim: --scenario: missing/],
    ["an unknown flag", () => ["--scenario", "x.json", "--fast"], /^sim: Unknown option '--fast'/],
    ["a bad field", () => ["--scenario", scenario("bad-pue", (s) => (s.clusters[1].pue = 0.5))], /^sim: clusters\[1\]\.pue: must be >= 1$/],
    [
      "a missing CSV",
      () => ["--scenario", scenario("missing", (s) => (s.workload.pods = join(tmp, "nope.csv")))],
      /^sim: workload\.pods: file not found: .*nope\.csv$/,
    ],
    [
      "a malformed CSV",
      () => {
        const nodes = join(tmp, "nodes-bad.csv");
        writeFileSync(nodes, readFileSync(join(fixtures, "nodes.csv"), "utf8").replace("node-t4-0,64000", "node-t4-0,lots"));
        return ["--scenario", scenario("malformed", (s) => (s.clusters[0].nodes = nodes))];
      },
      /^sim: clusters\[0\]\.nodes: .*nodes-bad\.csv:7 column "cpu_milli": "lots" is not a whole number$/,
    ],
    ["a bad --seeds", () => ["--scenario", "x.json", "--seeds", "9-2"], /^sim: --seeds: expected a range like 1-8/],
    ["--seed with --seeds", () => ["--scenario", "x.json", "--seed", "1", "--seeds", "1-2"], /^sim: --seed and --seeds: give one of them$/],
    ["an unknown policy in --policies", () => ["--scenario", scenario("ok2"), "--policies", "nope"], /^sim: --policies: the scenario has no policy nope/],
  ];
  for (const [name, args, message] of bad) {
    it(`exits 2 with one line naming the problem for ${name}`, () => {
      const r = run(...args());
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      const lines = r.stderr.split("\n").filter((l) => l.startsWith("sim: "));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    });
  }
});
