// The command line (`npx verdant`) against a real HTTP server that serves the app's tRPC handler over
// a seeded test database: submit → status → why → cancel with an API token, --json output, and the
// errors a script must be able to tell apart (bad token, invalid field, refusal, unreachable server).
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../scripts/cli/verdant";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";
import { startTrpcHttpServer, type TestHttpServer } from "./helpers/trpc-http-server";

const NOW = new Date(SEED_NOW.getTime() + 60_000);

describe("verdant CLI", () => {
  let database: TestDatabase;
  let server: TestHttpServer;
  let token: string;
  let jobId: string;
  beforeAll(async () => {
    database = await createSeededDatabase();
    server = await startTrpcHttpServer({
      db: database.db,
      cookie: { password: "cli-test-secret-0123456789abcdef-0123", secure: false },
      trustedProxies: 0,
      allowedOrigins: [],
      now: () => NOW,
    });
    token = (await (await callerAs(database.db, demoUserIds.aurora, NOW)).apiTokens.create({ name: "cli", expiresInDays: 30 })).secret;
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** Runs one command line in-process with the test server and token in its environment. */
  async function cli(...argv: string[]) {
    let stdout = "";
    let stderr = "";
    const code = await runCli(argv, {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      env: { VERDANT_URL: server.url, VERDANT_TOKEN: token },
    });
    return { code, stdout, stderr };
  }

  it("submits from flags and prints the job id and the scheduler's first decision", async () => {
    const running = cli("submit", "--name", "cli-train", "--kind", "training", "--cpus", "2", "--memory", "8", "--gpus", "1", "--hours", "1", "--wait", "30");
    // The scheduler decides while the command waits, as the worker would.
    let job = null;
    for (let i = 0; i < 100 && !job; i++) {
      job = await database.db.job.findFirst({ where: { name: "cli-train" } });
      if (!job) await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).not.toBeNull();
    jobId = job!.id;
    await runSchedulingCycle(database.db, { now: NOW, seed: 7, maxJobs: 1000 });
    const { code, stdout, stderr } = await running;
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(`Submitted job ${jobId} (cli-train).`);
    const decision = await database.db.decision.findFirstOrThrow({ where: { jobId }, orderBy: { createdAt: "desc" } });
    expect(stdout).toContain(`Decision ${decision.id}: ${decision.outcome.toLowerCase()}`);
    // The flags went through the form's conversion: cores, GiB and hours in machine units.
    expect(job).toMatchObject({
      tenantId: "tenant-aurora-labs",
      submittedById: demoUserIds.aurora,
      cpuMilli: 2000,
      memoryMib: 8192,
      gpuCount: 1,
      gpuMilli: 1000,
      estimatedDurationS: 3600,
    });
  });

  it("status shows one job, or the tenant's jobs as a table; --json is machine-readable", async () => {
    const one = await cli("status", jobId);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^cli-train \(.+\) · Aurora/);
    const json = await cli("status", jobId, "--json");
    const parsed = JSON.parse(json.stdout) as { id: string; status: string; latestDecision: { id: string } | null };
    expect(parsed.id).toBe(jobId);
    expect(parsed.latestDecision).not.toBeNull();
    const table = await cli("status", "--limit", "200");
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+STATUS\s+GPUS\s+SUBMITTED\s+LAST DECISION$/);
    expect(table.stdout).toContain(jobId);
    const others = await database.db.job.findMany({ where: { tenantId: { not: "tenant-aurora-labs" } }, select: { id: true } });
    for (const other of others) expect(table.stdout).not.toContain(other.id);
  });

  it("why prints the latest decision's explanation exactly as the decision page renders it", async () => {
    const aurora = await callerAs(database.db, demoUserIds.aurora, NOW);
    const latest = (await aurora.queue.job({ id: jobId })).latestDecision!;
    const page = await aurora.decisions.get({ id: latest.id });
    const { code, stdout } = await cli("why", jobId);
    expect(code).toBe(0);
    expect(page.text.length).toBeGreaterThan(0);
    for (const line of page.text) expect(stdout).toContain(`  ${line}\n`);
    const json = JSON.parse((await cli("why", jobId, "--json")).stdout) as { decision: { explanation: { outcome: string }; text: string[] } };
    expect(json.decision.text).toEqual(page.text);
    expect(json.decision.explanation.outcome).toBe(page.explanation.outcome);
  });

  it("cancels the job, then refuses a second cancel with exit code 1 and the server's reason", async () => {
    const first = await cli("cancel", jobId);
    expect(first).toMatchObject({ code: 0, stdout: `Cancelled job ${jobId}.\n` });
    expect((await database.db.job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("CANCELLED");
    const again = await cli("cancel", jobId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^verdant cancel: Only queued or placed jobs can be cancelled/);
    const missing = await cli("why", "no-such-job");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No such job.");
  });

  it("submits a job file with the API's fields and names a rejected field by its flag", async () => {
    const dir = await mkdtemp(join(tmpdir(), "verdant-cli-"));
    const file = join(dir, "job.json");
    await writeFile(
      file,
      JSON.stringify({ name: "cli-file", kind: "BATCH", cpuMilli: 1000, memoryMib: 2048, gpuCount: 0, gpuMilli: 0, gangSize: 1, estimatedDurationS: 600 }),
    );
    const fromFile = await cli("submit", "--file", file, "--wait", "0", "--json");
    expect(fromFile.code).toBe(0);
    const { jobId: fileJob } = JSON.parse(fromFile.stdout) as { jobId: string };
    expect(await database.db.job.findUniqueOrThrow({ where: { id: fileJob } })).toMatchObject({
      name: "cli-file",
      gpuCount: 0,
      tenantId: "tenant-aurora-labs",
    });

    const before = await database.db.job.count();
    const invalid = await cli("submit", "--name", "cli-bad", "--gpus", "2", "--gpu-share", "50", "--wait", "0");
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain("--gpu-share: Multi-GPU jobs take whole GPUs");
    const notNumber = await cli("submit", "--name", "cli-bad", "--gpus", "two");
    expect(notNumber).toMatchObject({ code: 2, stderr: 'verdant submit: --gpus: "two" is not a number (a GPU count).\n' });
    const unknownFlag = await cli("submit", "--name", "cli-bad", "--gpu", "2");
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("--gpu");
    expect(await database.db.job.count()).toBe(before);
  });

  it("tells a bad token, a missing token and an unreachable server apart by message and exit code", async () => {
    const unknown = await runCli(["status"], {
      stdout: () => {},
      stderr: (t) => expect(t).toMatch(/refused the token \(401\): This API token is not valid/),
      env: { VERDANT_URL: server.url, VERDANT_TOKEN: `vdt_${"B".repeat(43)}` },
    });
    expect(unknown).toBe(3);
    let missing = "";
    expect(await runCli(["status"], { stdout: () => {}, stderr: (t) => void (missing += t), env: { VERDANT_URL: server.url } })).toBe(3);
    expect(missing).toMatch(/No API token: set VERDANT_TOKEN or pass --token/);
    const closed = await startTrpcHttpServer({ db: database.db, cookie: { password: "x".repeat(32), secure: false }, trustedProxies: 0, allowedOrigins: [] });
    await closed.close();
    let unreachable = "";
    expect(await runCli(["status", "--url", closed.url, "--token", token], { stdout: () => {}, stderr: (t) => void (unreachable += t), env: {} })).toBe(4);
    expect(unreachable).toMatch(/Cannot reach Verdant at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED/);
  });

  it("runs as `verdant` through the bin launcher, exiting 3 with the reason for a revoked token", async () => {
    const aurora = await callerAs(database.db, demoUserIds.aurora, NOW);
    const { token: row, secret } = await aurora.apiTokens.create({ name: "revoked-cli", expiresInDays: 30 });
    await aurora.apiTokens.revoke({ id: row.id });
    const result = await promisify(execFile)(process.execPath, ["bin/verdant.mjs", "status", "--url", server.url], {
      env: { ...process.env, VERDANT_TOKEN: secret },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^verdant status: The server refused the token \(401\): This API token \("revoked-cli"\) was revoked at/);
  });
});
