// `npm test`: every check, in order — type check, lint, unit tests, integration tests against a
// real PostgreSQL, production build, end-to-end tests in Chromium — then one summary line.
// Exits non-zero if anything failed. Every step runs even after a failure, except that the
// end-to-end tests need the build.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { needsGenerate } from "./lib/build-state";
import { runPrisma } from "./prisma-cli";

const root = fileURLToPath(new URL("..", import.meta.url));
const reports = join(root, ".data", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
  /** True for test runners (their counts are printed); false for checks like lint. */
  counted: boolean;
}

const results: StepResult[] = [];
const bin = (pkg: string, path: string) => join(root, "node_modules", pkg, path);

function run(name: string, args: string[], counts?: () => { passed: number; failed: number; skipped: number }, env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  let tally = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  try {
    if (counts) tally = counts();
  } catch {
    // No report (the runner crashed before writing it): the step counts as one failure.
  }
  if (!ok && tally.failed === 0) tally.failed = 1;
  results.push({ name, ok, seconds: (Date.now() - started) / 1000, ...tally, counted: counts !== undefined });
  return ok;
}

function vitestCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  };
}

function playwrightCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
  };
}

if (needsGenerate(root) && runPrisma(["generate"]) !== 0) {
  console.error("prisma generate failed");
  process.exit(1);
}

run("type check", [bin("typescript", "bin/tsc"), "--noEmit", "-p", "."]);
run("lint", [bin("eslint", "bin/eslint.js"), ".", "--max-warnings=0"]);
run("format (Prettier)", [bin("prettier", "bin/prettier.cjs"), "--check", "--log-level=warn", "."]);
const vitest = bin("vitest", "vitest.mjs");
run(
  "unit tests",
  [vitest, "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, "unit.json")}`],
  vitestCounts(join(reports, "unit.json")),
);
run(
  "integration tests (PostgreSQL)",
  [vitest, "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, "integration.json")}`],
  vitestCounts(join(reports, "integration.json")),
);
const built = run("production build", [bin("next", "dist/bin/next"), "build"], undefined, { NODE_ENV: "production" });
if (built) {
  const e2eReport = join(reports, "e2e.json");
  run("end-to-end tests (Chromium)", [bin("@playwright/test", "cli.js"), "test", "--reporter=list,json"], playwrightCounts(e2eReport), {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
} else {
  results.push({ name: "end-to-end tests (Chromium)", ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0, counted: true });
}

console.log("\nSummary");
for (const r of results) {
  const tests = r.counted ? ` ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}` : "";
  console.log(`  ${r.ok ? "✓" : "✗"} ${r.name.padEnd(32)} ${r.seconds.toFixed(1).padStart(6)} s${tests}`);
}
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
const skipped = results.reduce((s, r) => s + r.skipped, 0);
console.log(`\nverdant: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
