// `npm run ask:eval` against the seeded demo (after one scheduling cycle, so every golden question finds
// its decision) and a local chat-completions server: one that answers from each question's expected
// facts (all answered, no check failed, no fact missing), one that answers wrong numbers (the checks
// fail and the template is shown), and no model at all (one line, exit 2).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOLDEN_SET } from "../../server/ask/eval/golden-set";
import type { ExpectedFact } from "../../server/ask/eval/expected-facts";
import { resolveCases } from "../../server/ask/eval/run-eval";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { SEED_NOW } from "./helpers/constants";
import { startFakeChatServer, textOf, type FakeChatServer, type SentRequest } from "./helpers/fake-chat-completions";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const UNTIL = new Date(SEED_NOW.getTime() + 3_600_000);

/** Runs the script without blocking this process (the fake server answers from here). */
function askEval(env: Record<string, string | undefined>, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(childEnv)) if (key.startsWith("VERDANT_ASK_")) delete childEnv[key];
    const child = spawn(process.execPath, [tsx, "scripts/ask-eval.ts", ...args], { cwd: root, env: { ...childEnv, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** A fact written as a model copying the record would write it (numbers to the record's precision). */
function written(f: ExpectedFact): string {
  switch (f.kind) {
    case "outcome":
      return f.value === "placed" ? "The job was placed." : "The job was deferred.";
    case "name":
      return `It concerns ${f.value}.`;
    case "time":
      return `It starts at ${new Date(Math.round(Date.parse(f.value) / 60_000) * 60_000).toISOString().slice(0, 16)}Z.`;
    case "number":
      if (f.unit === "gCO2e") return `That is ${f.value.toFixed(2)} gCO2e.`;
      if (f.unit === "kWh") return `That is ${f.value.toFixed(3)} kWh.`;
      if (f.unit === "min" || f.unit === "h") return `That is ${f.value.toFixed(1)} ${f.unit}.`;
      return `That is ${Math.round(f.value)} in all.`;
  }
}

/** The question and the decision id (if any) of a request, as the key of its expected answer. */
function keyOf(request: SentRequest): string {
  const first = textOf(request.messages.find((m) => m.role === "user")?.content ?? "");
  const question = first.slice(first.lastIndexOf("\n\nQuestion:") + "\n\nQuestion: ".length).trim();
  const record = JSON.parse(first.slice(first.indexOf("\n") + 1, first.lastIndexOf("\n\nQuestion:"))) as { decision?: { id: string } };
  return record.decision ? `${record.decision.id}|${question}` : question;
}

describe("ask:eval", () => {
  let t: TestDatabase;
  let fake: FakeChatServer;
  const answers = new Map<string, string>();
  const wrongAnswers = new Map<string, string>();

  beforeAll(async () => {
    t = await createSeededDatabase();
    await runSchedulingCycle(t.db, { now: new Date(SEED_NOW.getTime() + 60_000), seed: 42, maxJobs: 200 });
    const { cases, unresolved } = await resolveCases(t.db, GOLDEN_SET, UNTIL);
    expect(unresolved).toEqual([]);
    for (const c of cases) {
      const key = c.grounding.subject.kind === "decision" ? `${c.grounding.subject.id}|${c.question.question}` : c.question.question;
      answers.set(key, c.expected.map(written).join(" "));
      // Every number 37 % off: no record holds it.
      wrongAnswers.set(key, `It emits ${(c.expected.find((f) => f.kind === "number")?.value ?? 5) * 1.37 + 11.1} gCO2e.`);
    }
    fake = await startFakeChatServer();
  }, 300_000);
  afterAll(async () => {
    await fake?.close();
    await t?.drop();
  });

  const env = () => ({ DATABASE_URL: t.url, VERDANT_ASK_BASE_URL: fake.baseUrl, VERDANT_ASK_MODEL: "scripted-model" });

  it(`answers all ${GOLDEN_SET.length} questions from their expected facts: every answer checked, no fact missing`, async () => {
    expect(GOLDEN_SET.length).toBeGreaterThanOrEqual(30);
    fake.requests.length = 0;
    fake.script(Array.from({ length: GOLDEN_SET.length * 2 }, () => ({ text: (req: SentRequest) => answers.get(keyOf(req)) ?? "unknown question" })));
    const run = await askEval(env(), ["--json", "--until", UNTIL.toISOString()]);
    expect(run.stderr).not.toMatch(/ask:eval:/);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    const json = JSON.parse(lines.at(-1)!);
    expect(json).toMatchObject({ questions: GOLDEN_SET.length, answered: GOLDEN_SET.length, factChecksFailed: 0, expectedFactsMissing: 0, unresolved: 0 });
    expect(lines.filter((l) => l.startsWith("ok "))).toHaveLength(GOLDEN_SET.length);
    expect(fake.requests).toHaveLength(GOLDEN_SET.length);
    // Tenants' questions were grounded on their own records: a tenant's request names no other tenant.
    const tenantRequests = fake.requests.filter((r) => /my job/i.test(keyOf(r)));
    expect(tenantRequests).toHaveLength(GOLDEN_SET.filter((q) => q.asker === "tenant").length);
    for (const r of tenantRequests) {
      const sent = textOf(r.messages.find((m) => m.role === "user")?.content ?? "");
      expect(["Aurora Labs", "Borealis AI", "Cirrus Media"].filter((name) => sent.includes(name)).length).toBeLessThanOrEqual(1);
    }
  }, 320_000);

  it("counts failed checks when the model answers wrong numbers, and shows the template instead", async () => {
    fake.requests.length = 0;
    fake.script(Array.from({ length: 12 }, () => ({ text: (req: SentRequest) => wrongAnswers.get(keyOf(req)) ?? "It emits 999.9 gCO2e." })));
    const run = await askEval(env(), ["--json", "--limit", "6", "--until", UNTIL.toISOString()]);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
    expect(json.questions).toBe(6);
    expect(json.factChecksFailed).toBeGreaterThan(0);
    expect(json.factChecksFailed).toBe(6);
    expect(json.answered).toBe(0);
    // Each question was asked twice: the first draft failed its check and was regenerated once.
    expect(fake.requests).toHaveLength(12);
    expect(run.stdout).toMatch(/^FAIL \S+\s+fallback/m);
  }, 320_000);

  it("says in one line how to configure a model when none is, and exits 2", async () => {
    const run = await askEval({ DATABASE_URL: t.url }, ["--json"]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(
      run.stderr
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("ask:eval:")),
    ).toEqual([expect.stringContaining("VERDANT_ASK_BASE_URL")]);
  }, 120_000);
});
