// Experiments end to end on a real PostgreSQL: start through the server caller, the runner (worker
// thread + the real simulator and scenario loader) completes it, results are stored and readable;
// cancel stops a running one; a bad scenario is refused naming the field and writes nothing;
// tenants are refused; two runners share the queue and never run one experiment twice; a killed
// runner's experiment runs again on another runner once its job expires, and fails with the reason
// when it was the last attempt.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startExperimentRunner, type ExperimentRunnerHandle } from "../../server/experiments/runner";
import { CRASH_REASON } from "../../server/experiments/runner";
import { configureExperimentQueue, jobIdOf, QUEUE_SCHEMA } from "../../server/experiments/experiment-queue";
import { callerAs, demoUserIds } from "./helpers/callers";
import { pino } from "pino";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/sim/${name}`, import.meta.url)), "utf8");

/** A scenario document: uploaded node and pod CSVs (in memory), shipped carbon data from data/. */
function smallScenario(overrides: Record<string, unknown> = {}) {
  return {
    name: "it: two zones, eight nodes, forty pods",
    seed: 7,
    start: "2023-01-01T00:00:00Z",
    durationDays: 2,
    gpuCatalog: "../data/demo/gpu_tdp_published.csv",
    clusters: [
      { name: "lon", region: "eu", zone: "GB", tier: "hub", pue: 1.2, nodes: "nodes.csv", slice: { index: 0, of: 2 } },
      { name: "tor", region: "na", zone: "CA-ON", pue: 1.1, nodes: "nodes.csv", slice: { index: 1, of: 2 } },
    ],
    workload: {
      pods: "pods.csv",
      flexibility: { share: 0.5, windowShare: 1, minSlackHours: 2, maxSlackHours: 12 },
      tenants: [{ name: "alpha", weight: 1, maxGpus: 16 }],
    },
    carbon: { zones: { GB: "../data/carbon/GB_2023_hourly.csv.gz", "CA-ON": "../data/carbon/CA-ON_2023_hourly.csv.gz" } },
    policies: [
      { name: "agnostic", policy: { objectiveWeights: { carbon: 0, fragmentation: 1, waiting: 1, locality: 0 }, constraints: { maxDeferralHours: 0 } } },
      {
        name: "green",
        label: "Carbon first",
        policy: { objectiveWeights: { carbon: 1, fragmentation: 0.2, waiting: 0.2, locality: 0 }, constraints: { maxDeferralHours: 12 } },
      },
    ],
    baseline: "agnostic",
    ...overrides,
  };
}
const smallFiles = () => [
  { path: "nodes.csv", content: fixture("nodes.csv") },
  { path: "pods.csv", content: fixture("pods.csv") },
];
const upload = (doc: unknown, files = smallFiles()) => ({ kind: "upload" as const, fileName: "it-scenario.json", json: JSON.stringify(doc), files });

/** The real openb trace on shipped data: long enough to be cancelled or killed mid-run. */
const largeScenario = (durationDays = 149) =>
  smallScenario({
    name: `it: openb default trace, ${durationDays} days`,
    durationDays,
    clusters: [
      {
        name: "lon",
        region: "eu",
        zone: "GB",
        pue: 1.2,
        nodes: "../data/demo/openb_node_list_all_node.csv",
        filter: { gpuOnly: true },
        slice: { index: 0, of: 2 },
      },
      {
        name: "tor",
        region: "na",
        zone: "CA-ON",
        pue: 1.1,
        nodes: "../data/demo/openb_node_list_all_node.csv",
        filter: { gpuOnly: true },
        slice: { index: 1, of: 2 },
      },
    ],
    workload: { pods: "../data/demo/openb_pod_list_default.csv", tenants: [{ name: "alpha", weight: 1, maxGpus: 100000 }] },
  });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The rejection of a call: tRPC code and the field errors the HTTP layer would send. */
async function rejection(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    const e = error as { code: string; cause?: { field?: string; message: string; issues?: { path: (string | number)[]; message: string }[] } };
    const fields: Record<string, string> = {};
    if (e.cause?.field) fields[e.cause.field] = e.cause.message;
    for (const issue of e.cause?.issues ?? []) fields[issue.path.join(".")] = issue.message;
    return { code: e.code, fields };
  }
  throw new Error("the call did not fail");
}

const silent = pino({ level: "silent" });

describe("experiments", () => {
  let database: TestDatabase;
  const runners: ExperimentRunnerHandle[] = [];
  const startRunner = () => {
    const runner = startExperimentRunner({
      db: database.db,
      databaseUrl: database.url,
      logger: silent,
      pollMs: 200,
      progressMs: 250,
      sweepMs: 500,
      maintenanceIntervalSeconds: 1,
    });
    runners.push(runner);
    return runner;
  };
  const experiment = (id: string) => database.db.experiment.findUniqueOrThrow({ where: { id } });
  /** The queue state of each experiment's job (the queue library's own table, read only here). */
  const jobStates = async (ids: string[]) => {
    const rows = await database.db.$queryRawUnsafe<{ id: string; state: string }[]>(
      `SELECT id::text, state::text FROM ${QUEUE_SCHEMA}.job WHERE id = ANY($1::uuid[])`,
      ids.map(jobIdOf),
    );
    return ids.map((id) => rows.find((r) => r.id === jobIdOf(id))?.state ?? "missing");
  };

  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await database.drop();
  });

  it("runs an uploaded scenario to completion in the runner and serves the stored results", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const summary = await operator.experiments.inspect(upload(smallScenario()));
    expect(summary).toMatchObject({ clusters: 2, jobs: 40, zones: ["CA-ON", "GB"], baseline: "agnostic" });
    expect(summary.policies.map((p) => p.name)).toEqual(["agnostic", "green"]);

    const { id } = await operator.experiments.start({
      name: "small",
      scenario: upload(smallScenario()),
      policies: ["agnostic", "green"],
      baseline: "agnostic",
    });
    expect((await experiment(id)).status).toBe("QUEUED");
    startRunner();
    const done = await waitFor(
      () => experiment(id),
      (e) => e.status !== "QUEUED" && e.status !== "RUNNING",
      60_000,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe("SUCCEEDED");
    expect(done.progress).toBe(1);
    expect(done.wallMs).toBeGreaterThan(0);

    const detail = await operator.experiments.get({ id });
    expect(detail.source).toBe("upload it-scenario.json");
    expect(Object.keys(detail.results!.policies).sort()).toEqual(["agnostic", "green"]);
    const agnostic = detail.results!.policies.agnostic!;
    const green = detail.results!.policies.green!;
    expect(agnostic.jobsCompleted! + agnostic.jobsSkipped!).toBeGreaterThan(0);
    expect(agnostic.emissionsKg).toBeGreaterThan(0);
    expect(agnostic.emissionsSavedPctVsBaseline).toBe(0);
    // The saving is the stored emissions' own ratio, not a number invented on the way.
    expect(green.emissionsSavedPctVsBaseline!).toBeCloseTo((1 - green.emissionsKg! / agnostic.emissionsKg!) * 100, 6);
    expect(detail.series!.green!.allocation.length).toBeGreaterThan(10);
    expect(detail.series!.agnostic!.emissionsPerDay.length).toBeGreaterThanOrEqual(2);
    expect((await operator.experiments.list({ take: 10 })).map((e) => e.id)).toContain(id);
    // Admins see the same.
    const admin = await callerAs(database.db, demoUserIds.admin);
    expect((await admin.experiments.get({ id })).status).toBe("SUCCEEDED");
  });

  it("runs a shipped example by file name (the small one when there is one)", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const examples = await operator.experiments.examples();
    expect(examples.length).toBeGreaterThan(0);
    const example = examples.find((e) => /small|quick/i.test(e.file)) ?? examples[0]!;
    const summary = await operator.experiments.inspect({ kind: "example", file: example.file });
    const policies = summary.policies.map((p) => p.name);
    const { id } = await operator.experiments.start({
      name: example.name,
      scenario: { kind: "example", file: example.file },
      policies,
      baseline: summary.baseline,
    });
    startRunner();
    const done = await waitFor(
      () => experiment(id),
      (e) => e.status !== "QUEUED" && e.status !== "RUNNING",
      120_000,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe("SUCCEEDED");
    const detail = await operator.experiments.get({ id });
    expect(detail.source).toBe(`example ${example.file}`);
    expect(Object.keys(detail.results!.policies).sort()).toEqual([...policies].sort());
    console.log(
      `[experiments] ${example.file}: ${policies.length} policies, ${summary.jobs} jobs, ${summary.clusters} clusters; run ${done.wallMs} ms in the runner (simulation ${Math.round(detail.results!.simWallMs!)} ms)`,
    );
  }, 150_000);

  it("cancels a running experiment promptly and a queued one at once", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const { id } = await operator.experiments.start({
      name: "long",
      scenario: upload(largeScenario(), []),
      policies: ["agnostic", "green"],
      baseline: "agnostic",
    });
    const { id: queuedId } = await operator.experiments.start({
      name: "queued",
      scenario: upload(smallScenario()),
      policies: ["agnostic"],
      baseline: "agnostic",
    });
    startRunner();
    await waitFor(
      () => experiment(id),
      (e) => e.status === "RUNNING" && e.progress > 0,
      60_000,
    );
    // The second one waits behind the first (one run per runner) and is cancelled without running.
    expect((await operator.experiments.cancel({ id: queuedId })).status).toBe("CANCELLED");
    const asked = Date.now();
    const cancelling = await operator.experiments.cancel({ id });
    expect(cancelling.cancelRequested).toBe(true);
    const ended = await waitFor(
      () => experiment(id),
      (e) => e.status !== "RUNNING",
      15_000,
    );
    const cancelMs = Date.now() - asked;
    expect(ended.status).toBe("CANCELLED");
    expect(ended.results).toBeNull();
    expect(ended.progress).toBeLessThan(1);
    expect(cancelMs).toBeLessThan(5_000);
    expect((await experiment(queuedId)).startedAt).toBeNull();
  });

  it("refuses a bad scenario naming the field, and writes nothing", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const before = await database.db.experiment.count();
    const start =
      (scenario: ReturnType<typeof upload>, policies = ["agnostic"], baseline = "agnostic") =>
      () =>
        operator.experiments.start({ name: "bad", scenario, policies, baseline });

    const negative = await rejection(start(upload(smallScenario({ durationDays: -1 }))));
    expect(negative.code).toBe("BAD_REQUEST");
    expect(negative.fields.scenario).toContain("durationDays");

    const missing = await rejection(start(upload(smallScenario(), [smallFiles()[0]!])));
    expect(missing.code).toBe("BAD_REQUEST");
    expect(missing.fields.scenario).toContain("pods.csv");

    const outside = await rejection(start(upload(smallScenario({ gpuCatalog: "/etc/passwd" }))));
    expect(outside.code).toBe("BAD_REQUEST");
    expect(outside.fields.scenario).toContain("gpuCatalog");

    const notJson = await rejection(start({ ...upload(smallScenario()), json: "{ not json" }));
    expect(notJson.code).toBe("BAD_REQUEST");
    expect(notJson.fields["scenario.json"]).toContain("it-scenario.json");

    const policy = await rejection(start(upload(smallScenario()), ["agnostic", "nope"]));
    expect(policy.fields.policies).toContain("nope");
    const baseline = await rejection(start(upload(smallScenario()), ["green"], "agnostic"));
    expect(baseline.fields.baseline).toContain("agnostic");
    const example = await rejection(start({ kind: "example", file: "../package.json" } as never));
    expect(example.fields["scenario.file"]).toContain("package.json");

    expect(await database.db.experiment.count()).toBe(before);
  });

  it("fails an experiment whose stored scenario is malformed, naming the field, and runs the next one", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const start = (name: string) => operator.experiments.start({ name, scenario: upload(smallScenario()), policies: ["agnostic"], baseline: "agnostic" });
    const { id: broken } = await start("broken row");
    const { id: fine } = await start("fine row");
    // A row written by an older version, or edited by hand: one uploaded file is not text.
    const stored = (await experiment(broken)).scenario as { files: Record<string, unknown> };
    await database.db.experiment.update({ where: { id: broken }, data: { scenario: { ...stored, files: { ...stored.files, "nodes.csv": 42 } } } });
    const runner = startRunner();
    const ended = await waitFor(
      () => Promise.all([experiment(broken), experiment(fine)]),
      (rows) => rows.every((e) => e.status !== "QUEUED" && e.status !== "RUNNING"),
      60_000,
    );
    expect(ended[0].status).toBe("FAILED");
    expect(ended[0].error).toBe("The stored scenario cannot be read: Experiment.scenario.files.nodes.csv: Invalid input: expected string, received number");
    expect(ended[0].finishedAt).not.toBeNull();
    // The runner carried on: the next experiment ran, and neither job is left to retry.
    expect(ended[1].status).toBe("SUCCEEDED");
    expect(runner.claimed).toContain(fine);
    await waitFor(
      () => jobStates([broken, fine]),
      (states) => states.every((s) => s === "completed"),
      5_000,
    );
  });

  it("refuses tenants on every procedure", async () => {
    const tenant = await callerAs(database.db, demoUserIds.aurora);
    const calls = [
      () => tenant.experiments.examples(),
      () => tenant.experiments.inspect(upload(smallScenario())),
      () => tenant.experiments.start({ name: "t", scenario: upload(smallScenario()), policies: ["agnostic"], baseline: "agnostic" }),
      () => tenant.experiments.list({ take: 5 }),
      () => tenant.experiments.get({ id: "x" }),
      () => tenant.experiments.cancel({ id: "x" }),
    ];
    for (const call of calls) expect((await rejection(call)).code).toBe("FORBIDDEN");
    const anonymous = await callerAs(database.db, null);
    expect((await rejection(() => anonymous.experiments.list({ take: 5 }))).code).toBe("UNAUTHORIZED");
  });

  it("two runners share the queued experiments: each runs exactly once, and every job ends completed", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(
        (await operator.experiments.start({ name: `race-${i}`, scenario: upload(smallScenario({ seed: i })), policies: ["agnostic"], baseline: "agnostic" }))
          .id,
      );
    // Submitting stored the job with the row (earlier runners created the queue).
    expect(await jobStates(ids)).toEqual(ids.map(() => "created"));
    const [a, b] = [startRunner(), startRunner()];
    await waitFor(
      () => database.db.experiment.count({ where: { id: { in: ids }, status: "SUCCEEDED" } }),
      (n) => n === ids.length,
      120_000,
    );
    const claimed = [...a.claimed, ...b.claimed].filter((id) => ids.includes(id));
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
    // Both took part (each finishes a run in about a second and polls every 200 ms).
    expect(a.claimed.length).toBeGreaterThan(0);
    expect(b.claimed.length).toBeGreaterThan(0);
    await waitFor(
      () => jobStates(ids),
      (states) => states.every((s) => s === "completed"),
      5_000,
    );
  });

  it("an orderly stop gives the running experiment back to the queue without spending a retry", async () => {
    const operator = await callerAs(database.db, demoUserIds.operator);
    const { id } = await operator.experiments.start({
      name: "handed over",
      scenario: upload(largeScenario(), []),
      policies: ["agnostic"],
      baseline: "agnostic",
    });
    const first = startRunner();
    await waitFor(
      () => experiment(id),
      (e) => e.status === "RUNNING" && e.progress > 0,
      60_000,
    );
    await first.stop();
    expect(await experiment(id)).toMatchObject({ status: "QUEUED", progress: 0, startedAt: null });
    const retries = async () =>
      (await database.db.$queryRawUnsafe<{ retry_count: number }[]>(`SELECT retry_count FROM ${QUEUE_SCHEMA}.job WHERE id = $1::uuid`, jobIdOf(id)))[0]
        ?.retry_count;
    expect(await jobStates([id])).toEqual(["created"]);
    expect(await retries()).toBe(0);
    const second = startRunner();
    await waitFor(
      () => experiment(id),
      (e) => e.status === "RUNNING" && e.progress > 0,
      60_000,
    );
    expect(second.claimed).toEqual([id]);
    await operator.experiments.cancel({ id });
    expect(
      (
        await waitFor(
          () => experiment(id),
          (e) => e.status !== "RUNNING",
          15_000,
        )
      ).status,
    ).toBe("CANCELLED");
    await waitFor(
      () => jobStates([id]),
      (states) => states[0] === "completed",
      5_000,
    );
  }, 150_000);

  /** Starts `scripts/experiment-runner.ts` as its own process and SIGKILLs it once `id` is running with progress. */
  async function killRunnerMidRun(id: string) {
    // node --import tsx (not the tsx CLI, which forks a second node that SIGKILL would not reach).
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/experiment-runner.ts"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, DATABASE_URL: database.url },
    });
    try {
      const running = await waitFor(
        () => experiment(id),
        (e) => e.status === "RUNNING" && e.progress > 0,
        90_000,
      );
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      return { killedAt: Date.now(), startedAt: running.startedAt! };
    } finally {
      child.kill("SIGKILL");
    }
  }

  it("runs the experiment of a killed runner process again on another runner once its job expires", async () => {
    await configureExperimentQueue(database.url, { expireInSeconds: 12, retryLimit: 2 });
    const operator = await callerAs(database.db, demoUserIds.operator);
    const { id } = await operator.experiments.start({
      name: "crash",
      scenario: upload(largeScenario(), []),
      policies: ["agnostic", "green"],
      baseline: "agnostic",
    });
    const first = await killRunnerMidRun(id);
    expect((await experiment(id)).status).toBe("RUNNING");
    const runner = startRunner();
    const again = await waitFor(
      () => experiment(id),
      (e) => e.status === "RUNNING" && e.startedAt! > first.startedAt && e.progress > 0,
      40_000,
    );
    const recoveredMs = again.startedAt!.getTime() - first.killedAt;
    expect(runner.claimed).toEqual([id]);
    // The job's 12 s expiry counts from the first runner's claim, so the restart comes within it plus
    // pg-boss's maintenance and polling (slower while other test files share the cores).
    expect(recoveredMs).toBeLessThan(20_000);
    await operator.experiments.cancel({ id });
    const ended = await waitFor(
      () => experiment(id),
      (e) => e.status !== "RUNNING",
      15_000,
    );
    expect(ended.status).toBe("CANCELLED");
    console.log(
      `[experiments] runner kill -9 mid-run: experiment restarted on another runner ${(recoveredMs / 1000).toFixed(1)} s after the kill (job expiry 12 s)`,
    );
  }, 150_000);

  it("fails an experiment whose runner dies on its last attempt, with the reason", async () => {
    await configureExperimentQueue(database.url, { expireInSeconds: 6, retryLimit: 0 });
    const operator = await callerAs(database.db, demoUserIds.operator);
    const { id } = await operator.experiments.start({
      name: "crash twice",
      scenario: upload(largeScenario(), []),
      policies: ["agnostic", "green"],
      baseline: "agnostic",
    });
    await killRunnerMidRun(id);
    const runner = startRunner();
    const failed = await waitFor(
      () => experiment(id),
      (e) => e.status !== "RUNNING",
      30_000,
    );
    expect(failed.status).toBe("FAILED");
    expect(failed.error).toBe(CRASH_REASON);
    expect(runner.claimed).not.toContain(id);
  }, 150_000);
});
