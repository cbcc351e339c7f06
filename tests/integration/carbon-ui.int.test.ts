// The Carbon page's and the zone/feed administration's procedures through the tRPC server caller on
// a real PostgreSQL (a clone of the seeded template): role checks, aggregates against rows written
// here, the all-or-nothing CSV upload with its per-line report, feed validation, token secrecy and
// the audit trail.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStoredSecret, SECRET_PURPOSES } from "../../server/secrets/stored-secrets";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf as fieldErrors } from "./helpers/field-errors";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const fixture = readFileSync(new URL("../fixtures/carbon/electricitymaps-CA-ON-2023-first-48h.csv", import.meta.url), "utf8");
const HOUR = 3_600_000;
const NOW = new Date(SEED_NOW.getTime() + 60_000);
const hourNow = Math.floor(NOW.getTime() / HOUR) * HOUR;
const feed = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  zoneId: "GB",
  provider: "ELECTRICITY_MAPS" as const,
  baseUrl: "https://api.electricitymap.org",
  apiToken: "secret-token-123",
  externalZone: "",
  pollIntervalS: 300,
  enabled: true,
  ...overrides,
});
const withLine = (lineNo: number, edit: (line: string) => string) =>
  fixture
    .split("\n")
    .map((l, i) => (i + 1 === lineNo ? edit(l) : l))
    .join("\n");

describe("carbon page and zone/feed administration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  const as = (who: keyof typeof demoUserIds | null) => callerAs(database.db, who ? demoUserIds[who] : null, NOW);
  const auditCount = (action: string) => database.db.auditLog.count({ where: { action } });

  it("tenants are refused everything, operators only read, anonymous callers must sign in", async () => {
    const tenant = await as("aurora");
    const operator = await as("operator");
    const anonymous = await as(null);
    for (const call of [
      () => tenant.carbon.intensity({}),
      () => tenant.carbon.emissions({}),
      () => tenant.carbon.ledger({}),
      () => tenant.carbonAdmin.settings(),
      () => tenant.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "a.csv", encoding: "text", content: fixture }),
      () => tenant.carbonAdmin.saveFeed(feed()),
      () => operator.carbonAdmin.setZoneDefault({ zoneId: "GB", annualAverageGCo2ePerKwh: 1 }),
      () => operator.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "a.csv", encoding: "text", content: fixture }),
      () => operator.carbonAdmin.saveFeed(feed()),
      () => operator.carbonAdmin.deleteFeed({ id: "x" }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(anonymous.carbon.intensity({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await operator.carbonAdmin.settings()).zones).toHaveLength(6);
    expect(await database.db.carbonIntensitySample.count({ where: { at: { lt: new Date("2024-01-01") } } })).toBe(0);
    expect(await database.db.carbonFeed.count()).toBe(0);
  });

  it("intensity: measured history and the forecast per zone with provenance; accuracy once forecasts meet measurements", async () => {
    const operator = await as("operator");
    const report = await operator.carbon.intensity({ historyDays: 7, forecastHours: 48 });
    expect(report.zones.map((z) => z.id)).toEqual(["CA-ON", "DE", "GB", "SG", "US-CAL-CISO", "US-TEX-ERCO"]);
    for (const zone of report.zones) {
      expect(zone.points.filter((p) => p.measured !== null)).toHaveLength(7 * 24);
      // 49 future hours shown: 48 from the seed's forecast, the last from the engine's forecaster.
      expect(zone.points.filter((p) => p.forecast !== null)).toHaveLength(49);
      expect(zone.points.every((p) => (p.measured !== null) === p.atMs < hourNow)).toBe(true);
      expect(zone.latestMeasured?.atMs).toBe(hourNow - HOUR);
      expect(zone.sources).toEqual([
        { provider: "Electricity Maps (2023 data, replayed)", signalType: "AVERAGE", emissionFactorType: "LIFECYCLE", kind: "MEASURED", hours: 7 * 24 },
        // The demo's forecasts are the measured values plus noise: stored as the demo's, not the provider's.
        { provider: "demo", signalType: "AVERAGE", emissionFactorType: "LIFECYCLE", kind: "FORECAST", hours: 48 },
        { provider: "verdant-forecaster", signalType: "AVERAGE", emissionFactorType: "LIFECYCLE", kind: "FORECAST", hours: 1 },
      ]);
      // The seed's forecast is issued now, for the future: nothing to compare yet.
      expect(zone.accuracy.buckets.every((b) => b.pairs === 0)).toBe(true);
    }

    // Two forecasts of the same past hour of GB: the later-issued one is charted, and both count for accuracy.
    const at = new Date(hourNow - 3 * HOUR);
    const measured = await database.db.carbonIntensitySample.findFirstOrThrow({ where: { zoneId: "GB", kind: "MEASURED", at } });
    const base = {
      zoneId: "GB",
      at,
      kind: "FORECAST" as const,
      signalType: "AVERAGE" as const,
      emissionFactorType: "LIFECYCLE" as const,
      provider: "test",
      source: "test",
      estimated: true,
    };
    await database.db.carbonIntensitySample.createMany({
      data: [
        { ...base, gCo2ePerKwh: measured.gCo2ePerKwh + 20, forecastIssuedAt: new Date(at.getTime() - 10 * HOUR) },
        { ...base, gCo2ePerKwh: measured.gCo2ePerKwh - 4, forecastIssuedAt: new Date(at.getTime() - 2 * HOUR) },
      ],
    });
    const after = (await operator.carbon.intensity({ historyDays: 1 })).zones.find((z) => z.id === "GB")!;
    const point = after.points.find((p) => p.atMs === at.getTime())!;
    expect(point.measured).toBe(measured.gCo2ePerKwh);
    expect(point.forecast).toBeCloseTo(measured.gCo2ePerKwh - 4, 6);
    const [b0, b1] = after.accuracy.buckets;
    expect([b0!.pairs, b0!.maeGCo2ePerKwh]).toEqual([1, expect.closeTo(4, 6)]);
    expect([b1!.pairs, b1!.maeGCo2ePerKwh]).toEqual([1, expect.closeTo(20, 6)]);
    expect(after.sources.find((s) => s.provider === "test")).toMatchObject({ kind: "FORECAST", hours: 1 });
  });

  it("intensity: hours after the stored forecast come from the engine's forecaster, labelled as such", async () => {
    // Three days after the seed, the seed's 48 h forecast has run out; measured history stops at the seed.
    const later = await callerAs(database.db, demoUserIds.operator, new Date(NOW.getTime() + 3 * DAY));
    const report = await later.carbon.intensity({ historyDays: 1, forecastHours: 24 });
    for (const zone of report.zones) {
      const future = zone.points.filter((p) => p.atMs >= report.nowMs - (report.nowMs % HOUR));
      expect(future).toHaveLength(25);
      expect(future.every((p) => p.forecast !== null && p.measured === null)).toBe(true);
      // A daily pattern, not the flat annual average.
      expect(new Set(future.map((p) => Math.round(p.forecast!))).size).toBeGreaterThan(3);
      expect(zone.sources).toContainEqual({
        provider: "verdant-forecaster",
        signalType: "AVERAGE",
        emissionFactorType: "LIFECYCLE",
        kind: "FORECAST",
        hours: 25,
      });
    }
  });

  it("emissions and the savings ledger: an empty period reads as zeros; rows add up by cluster, tenant and the viewer's day", async () => {
    const operator = await as("operator");
    // Long after the seed's history: nothing ran in that week.
    const later = await callerAs(database.db, demoUserIds.operator, new Date(NOW.getTime() + 200 * DAY));
    const empty = await later.carbon.emissions({ days: 7, tz: "UTC" });
    expect(empty.total).toEqual({ itEnergyKwh: 0, facilityEnergyKwh: 0, emissionsGCo2e: 0, jobs: 0 });
    expect(empty.byDay).toHaveLength(8); // 7 × 24 h ending mid-day touch 8 calendar days
    expect(empty.byDay.every((d) => d.emissionsGCo2e === 0)).toBe(true);
    expect(empty.byCluster).toHaveLength(7);
    const emptyLedger = await later.carbon.ledger({ days: 7 });
    expect(emptyLedger.total).toMatchObject({ jobs: 0, savedGCo2e: 0, savedPct: null });
    expect(emptyLedger.entries).toEqual([]);

    // The seeded history's figures, then two more finished jobs: the figures grow by exactly their rows.
    const before = await operator.carbon.emissions({ days: 7, tz: "UTC" });
    const beforeTokyo = await operator.carbon.emissions({ days: 7, tz: "Asia/Tokyo" });
    const ledgerBefore = await operator.carbon.ledger({ days: 7, tz: "UTC" });
    const [j1, j2] = ["job-seed-000", "job-seed-001"];
    const finished = new Date(hourNow - 30 * HOUR);
    await database.db.job.updateMany({ where: { id: { in: [j1, j2] } }, data: { status: "SUCCEEDED", finishedAt: finished } });
    await database.db.job.update({ where: { id: j1 }, data: { tenantId: "tenant-aurora-labs" } });
    await database.db.job.update({ where: { id: j2 }, data: { tenantId: "tenant-borealis-ai" } });
    const midnight = Date.UTC(2026, 2, 14); // 2026-03-14 00:00 UTC
    const row = (jobId: string, hourStart: number, clusterId: string, tenantId: string, kwh: number, g: number, source = "measured") => ({
      jobId,
      hourStart: new Date(hourStart),
      clusterId,
      tenantId,
      itEnergyKwh: kwh,
      facilityEnergyKwh: kwh * 1.15,
      gCo2ePerKwh: g,
      emissionsGCo2e: kwh * 1.15 * g,
      energySource: "power-model",
      intensitySource: source,
    });
    await database.db.jobEnergyHour.createMany({
      data: [
        row(j1, midnight - HOUR, "cluster-tor-hub-1", "tenant-aurora-labs", 10, 50),
        row(j1, midnight, "cluster-tor-hub-1", "tenant-aurora-labs", 10, 60),
        row(j2, midnight + 5 * HOUR, "cluster-sin-hub-1", "tenant-borealis-ai", 4, 500, "forecast"),
        row(j2, hourNow - 20 * DAY, "cluster-sin-hub-1", "tenant-borealis-ai", 100, 500), // outside a 7-day period
      ],
    });
    const report = await operator.carbon.emissions({ days: 7, tz: "UTC" });
    const g = (kwh: number, i: number) => kwh * 1.15 * i;
    const cluster = (r: typeof report, name: string) => r.byCluster.find((c) => c.name === name)!;
    const tenant = (r: typeof report, name: string) => r.byTenant.find((t) => t.name === name)!;
    const dayDelta = (a: typeof report, b: typeof report) =>
      Object.fromEntries(a.byDay.map((d, i) => [d.day, d.itEnergyKwh - b.byDay[i]!.itEnergyKwh]).filter(([, v]) => Math.abs(v as number) > 1e-9));
    expect(report.total.emissionsGCo2e - before.total.emissionsGCo2e).toBeCloseTo(g(10, 50) + g(10, 60) + g(4, 500), 6);
    expect(report.total.itEnergyKwh - before.total.itEnergyKwh).toBeCloseTo(24, 6);
    expect(report.total.jobs - before.total.jobs).toBe(2);
    expect(cluster(report, "tor-hub-1").itEnergyKwh - cluster(before, "tor-hub-1").itEnergyKwh).toBeCloseTo(20, 6);
    expect(cluster(report, "tor-hub-1").zoneId).toBe("CA-ON");
    expect(cluster(report, "sin-hub-1").emissionsGCo2e - cluster(before, "sin-hub-1").emissionsGCo2e).toBeCloseTo(g(4, 500), 6);
    expect(tenant(report, "Aurora Labs").emissionsGCo2e - tenant(before, "Aurora Labs").emissionsGCo2e).toBeCloseTo(g(10, 50) + g(10, 60), 6);
    const forecastG = (r: typeof report) => r.bySource.find((s) => s.source === "forecast")?.emissionsGCo2e ?? 0;
    expect(forecastG(report) - forecastG(before)).toBeCloseTo(g(4, 500), 6);
    // The sums agree with each other: every cluster's, tenant's and day's figures add up to the total.
    const sum = (xs: { emissionsGCo2e: number }[]) => xs.reduce((s, x) => s + x.emissionsGCo2e, 0);
    for (const part of [report.byCluster, report.byTenant, report.byDay, report.bySource]) expect(sum(part)).toBeCloseTo(report.total.emissionsGCo2e, 3);
    expect(dayDelta(report, before)).toEqual({ "2026-03-13": expect.closeTo(10, 6), "2026-03-14": expect.closeTo(14, 6) });
    // In Tokyo (UTC+9) the 23:00 UTC hour is already the 14th: every added hour lands on the 14th.
    const tokyo = await operator.carbon.emissions({ days: 7, tz: "Asia/Tokyo" });
    expect(dayDelta(tokyo, beforeTokyo)).toEqual({ "2026-03-14": expect.closeTo(24, 6) });
    await expect(operator.carbon.emissions({ tz: "Mars/Olympus" })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    // The ledger: one entry per job; the placed job links to its decision.
    const decision = await database.db.decision.create({
      data: {
        jobId: j1,
        outcome: "PLACED",
        clusterId: "cluster-tor-hub-1",
        policyId: "policy-verdant-default-v1",
        explanationVersion: 1,
        explanation: {},
        createdAt: new Date(hourNow - 40 * HOUR),
      },
    });
    const day = new Date(Date.UTC(2026, 2, 14));
    const method = "test-baseline@1";
    await database.db.carbonSavingsEntry.createMany({
      data: [
        {
          jobId: j1,
          tenantId: "tenant-aurora-labs",
          clusterId: "cluster-tor-hub-1",
          day,
          actualGCo2e: 1265,
          baselineGCo2e: 9000,
          savedGCo2e: 7735,
          baselineClusterId: "cluster-sin-hub-1",
          baselineStartAt: new Date(midnight - 3 * HOUR),
          method,
        },
        {
          jobId: j2,
          tenantId: "tenant-borealis-ai",
          clusterId: "cluster-sin-hub-1",
          day,
          actualGCo2e: 2300,
          baselineGCo2e: 2000,
          savedGCo2e: -300,
          baselineClusterId: "cluster-tor-hub-1",
          baselineStartAt: null,
          method,
        },
      ],
    });
    const ledger = await operator.carbon.ledger({ days: 7, tz: "UTC", pageSize: 1 });
    const t0 = ledgerBefore.total;
    expect([
      ledger.total.jobs - t0.jobs,
      ledger.total.actualGCo2e - t0.actualGCo2e,
      ledger.total.baselineGCo2e - t0.baselineGCo2e,
      ledger.total.savedGCo2e - t0.savedGCo2e,
    ]).toEqual([2, expect.closeTo(3565, 6), expect.closeTo(11000, 6), expect.closeTo(7435, 6)]);
    expect(ledger.total.savedPct).toBeCloseTo((100 * ledger.total.savedGCo2e) / ledger.total.baselineGCo2e, 9);
    const saved = (rows: typeof ledger.byTenant, name: string) => rows.find((r) => r.name === name)?.savedGCo2e ?? 0;
    expect(saved(ledger.byTenant, "Aurora Labs") - saved(ledgerBefore.byTenant, "Aurora Labs")).toBeCloseTo(7735, 6);
    expect(saved(ledger.byTenant, "Borealis AI") - saved(ledgerBefore.byTenant, "Borealis AI")).toBeCloseTo(-300, 6);
    expect(saved(ledger.byCluster, "sin-hub-1") - saved(ledgerBefore.byCluster, "sin-hub-1")).toBeCloseTo(-300, 6);
    const jobsOn = (rows: typeof ledger.byDay, key: string) => rows.find((r) => r.key === key)?.jobs ?? 0;
    expect(jobsOn(ledger.byDay, "2026-03-14") - jobsOn(ledgerBefore.byDay, "2026-03-14")).toBe(2);
    for (const part of [ledger.byDay, ledger.byTenant, ledger.byCluster])
      expect(part.reduce((s, r) => s + r.savedGCo2e, 0)).toBeCloseTo(ledger.total.savedGCo2e, 3);
    expect(ledger.methods).toContainEqual({ method, jobs: 2 });
    expect(ledger.totalEntries - ledgerBefore.totalEntries).toBe(2);
    expect(ledger.entries).toHaveLength(1);
    const all = await operator.carbon.ledger({ days: 7, pageSize: 200 });
    expect(all.entries.find((e) => e.jobId === j1)).toMatchObject({
      decisionId: decision.id,
      baselineClusterName: "sin-hub-1",
      clusterName: "tor-hub-1",
      tenantName: "Aurora Labs",
    });
    expect(all.entries.find((e) => e.jobId === j2)?.decisionId).toBeNull();
    // Seeded history entries link to their decisions too.
    expect(all.entries.filter((e) => e.method !== method).every((e) => e.decisionId !== null)).toBe(true);
  });

  it("a CSV with a bad line writes nothing and names the line; a good one (plain or gzip) changes the coverage and is audited", async () => {
    const admin = await as("admin");
    const coverage = async () => (await admin.carbonAdmin.settings()).zones.find((z) => z.id === "CA-ON")!;
    const before = await coverage();
    expect(before.measuredHours).toBe(30 * 24);
    expect(before.recentCoveragePct).toBeGreaterThan(99);

    const bad = withLine(12, (l) => l.replace(",14.98,", ",abc,")).replace("2023-01-01 20:00:00", "2023-01-01 20:30:00");
    const report = await admin.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "ca-on-bad.csv", encoding: "text", content: bad });
    expect(report.written).toBe(false);
    expect(report.column).toBe("lca");
    expect(report.issues.map((i) => i.line)).toEqual([12, 22]);
    expect(report.report[0]).toMatch(/^ca-on-bad\.csv:12 column "Carbon Intensity gCO₂eq\/kWh \(LCA\)": "abc" is not a number$/);
    expect(report.report[1]).toContain("not the start of an hour");
    expect((await coverage()).measuredHours).toBe(30 * 24);
    expect(await auditCount("carbon.import-csv")).toBe(0);

    // Another zone's file is refused, naming the field.
    expect(await fieldErrors(() => admin.carbonAdmin.importCsv({ zoneId: "GB", fileName: "ca-on.csv", encoding: "text", content: fixture }))).toEqual({
      fileZoneId: expect.stringContaining('"CA-ON" is not the target zone GB'),
    });
    expect(
      await fieldErrors(() => admin.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "x.csv.gz", encoding: "gzip-base64", content: "bm90IGd6aXA=" })),
    ).toEqual({ content: expect.stringContaining("not a readable gzip file") });

    const good = await admin.carbonAdmin.importCsv({
      zoneId: "CA-ON",
      fileName: "ca-on.csv.gz",
      encoding: "gzip-base64",
      content: gzipSync(fixture).toString("base64"),
    });
    expect(good).toMatchObject({ written: true, inserted: 48, updated: 0, issues: [] });
    const after = await coverage();
    expect(after.measuredHours).toBe(30 * 24 + 48);
    expect(after.firstMeasuredAt?.toISOString()).toBe("2023-01-01T00:00:00.000Z");
    const again = await admin.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "ca-on.csv", encoding: "text", content: fixture });
    expect(again).toMatchObject({ written: true, inserted: 0, updated: 48 });
    const audit = await database.db.auditLog.findMany({ where: { action: "carbon.import-csv" }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.actorId, a.entityId, (a.after as { inserted: number }).inserted])).toEqual([
      ["user-admin", "CA-ON", 48],
      ["user-admin", "CA-ON", 0],
    ]);
  });

  it("the static default: validated, changed and audited with before and after", async () => {
    const admin = await as("admin");
    expect(await fieldErrors(() => admin.carbonAdmin.setZoneDefault({ zoneId: "GB", annualAverageGCo2ePerKwh: -5 }))).toEqual({
      annualAverageGCo2ePerKwh: "0 or more gCO2e/kWh",
    });
    expect(await fieldErrors(() => admin.carbonAdmin.setZoneDefault({ zoneId: "XX", annualAverageGCo2ePerKwh: 5 }))).toEqual({
      zoneId: 'Grid zone "XX" does not exist.',
    });
    await admin.carbonAdmin.setZoneDefault({ zoneId: "GB", annualAverageGCo2ePerKwh: 150 });
    expect((await database.db.gridZone.findUniqueOrThrow({ where: { id: "GB" } })).annualAverageGCo2ePerKwh).toBe(150);
    const entry = await database.db.auditLog.findFirstOrThrow({ where: { action: "carbon.zone-default" } });
    expect([entry.actorId, entry.entityId, entry.before, entry.after]).toEqual([
      "user-admin",
      "GB",
      { annualAverageGCo2ePerKwh: 187.5 },
      { annualAverageGCo2ePerKwh: 150 },
    ]);
  });

  it("feeds: validation names the field; the token is stored but never returned or audited; every change is audited", async () => {
    const admin = await as("admin");
    const operator = await as("operator");
    expect(Object.keys(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed({ pollIntervalS: 30, baseUrl: "ftp://x.example" }))))).toEqual([
      "baseUrl",
      "pollIntervalS",
    ]);
    expect(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed({ provider: "WATTTIME" })))).toEqual({ provider: expect.stringContaining("never mixed") });
    expect(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed({ zoneId: "XX" })))).toEqual({ zoneId: 'Grid zone "XX" does not exist.' });
    expect(await database.db.carbonFeed.count()).toBe(0);

    const created = await admin.carbonAdmin.saveFeed(feed({ externalZone: "GB" }));
    expect(created).toMatchObject({
      zoneId: "GB",
      provider: "ELECTRICITY_MAPS",
      signalType: "AVERAGE",
      hasToken: true,
      pollIntervalS: 300,
      enabled: true,
      externalZone: "GB",
    });
    expect(created.nextPollAt?.getTime()).toBe(NOW.getTime());
    expect(JSON.stringify(created)).not.toContain("secret-token-123");
    expect("apiToken" in created).toBe(false);
    const listed = await operator.carbonAdmin.settings();
    expect(JSON.stringify(listed)).not.toContain("secret-token-123");
    expect(listed.feeds).toHaveLength(1);
    const storedToken = async () => (await database.db.carbonFeed.findUniqueOrThrow({ where: { id: created.id } })).apiToken!;
    // Stored sealed: the column holds no plaintext, the server's key opens it.
    expect(await storedToken()).not.toContain("secret-token-123");
    expect(openStoredSecret(SECRET_PURPOSES.feedToken, await storedToken(), "test")).toBe("secret-token-123");

    expect(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed()))).toEqual({ provider: expect.stringContaining("already has") });

    // An edit without a token keeps it; disabling clears the schedule; clearToken removes it.
    const edited = await admin.carbonAdmin.saveFeed(feed({ id: created.id, apiToken: "", pollIntervalS: 900, enabled: false }));
    expect(edited).toMatchObject({ pollIntervalS: 900, enabled: false, hasToken: true, nextPollAt: null });
    expect(openStoredSecret(SECRET_PURPOSES.feedToken, await storedToken(), "test")).toBe("secret-token-123");
    const cleared = await admin.carbonAdmin.saveFeed(feed({ id: created.id, apiToken: "", clearToken: true, pollIntervalS: 900, enabled: false }));
    expect(cleared.hasToken).toBe(false);
    await admin.carbonAdmin.deleteFeed({ id: created.id });
    await expect(admin.carbonAdmin.deleteFeed({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const audit = await database.db.auditLog.findMany({ where: { entityType: "CarbonFeed" }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["carbon.feed-create", "carbon.feed-update", "carbon.feed-update", "carbon.feed-delete"]);
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toContain("secret-token-123");
    expect(audit.map((a) => (a.after as { tokenSet?: boolean; tokenChanged?: boolean } | null)?.tokenChanged ?? null)).toEqual([true, false, true, null]);
    expect(audit[1]!.before).toMatchObject({ pollIntervalS: 300, tokenSet: true });
    expect(audit[1]!.after).toMatchObject({ pollIntervalS: 900, enabled: false, tokenSet: true });
  });
});

const DAY = 24 * HOUR;
