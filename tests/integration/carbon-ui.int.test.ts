// The Carbon page's and the zone/feed administration's procedures through the tRPC server caller on
// a real PostgreSQL (a clone of the seeded template): role checks, aggregates against rows written
// here, the all-or-nothing CSV upload with its per-line report, feed validation, token secrecy and
// the audit trail.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
      expect(zone.points.filter((p) => p.forecast !== null)).toHaveLength(48);
      expect(zone.points.every((p) => (p.measured !== null) === p.atMs < hourNow)).toBe(true);
      expect(zone.latestMeasured?.atMs).toBe(hourNow - HOUR);
      expect(zone.sources).toEqual([
        { provider: "Electricity Maps (2023 data, replayed)", signalType: "AVERAGE", emissionFactorType: "LIFECYCLE", kind: "FORECAST", hours: 48 },
        { provider: "Electricity Maps (2023 data, replayed)", signalType: "AVERAGE", emissionFactorType: "LIFECYCLE", kind: "MEASURED", hours: 7 * 24 },
      ]);
      // The seed's forecast is issued now, for the future: nothing to compare yet.
      expect(zone.accuracy.buckets.every((b) => b.pairs === 0)).toBe(true);
    }

    // Two forecasts of the same past hour of GB: the later-issued one is charted, and both count for accuracy.
    const at = new Date(hourNow - 3 * HOUR);
    const measured = await database.db.carbonIntensitySample.findFirstOrThrow({ where: { zoneId: "GB", kind: "MEASURED", at } });
    const base = { zoneId: "GB", at, kind: "FORECAST" as const, signalType: "AVERAGE" as const, emissionFactorType: "LIFECYCLE" as const, provider: "test", source: "test", estimated: true };
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

  it("emissions and the savings ledger: empty periods read as zeros, then sums by cluster, tenant and the viewer's day", async () => {
    const operator = await as("operator");
    const empty = await operator.carbon.emissions({ days: 7, tz: "UTC" });
    expect(empty.total).toEqual({ itEnergyKwh: 0, facilityEnergyKwh: 0, emissionsGCo2e: 0, jobs: 0 });
    expect(empty.byDay).toHaveLength(8); // 7 × 24 h ending mid-day touch 8 calendar days
    expect(empty.byCluster).toHaveLength(7);
    const emptyLedger = await operator.carbon.ledger({ days: 7 });
    expect(emptyLedger.total).toMatchObject({ jobs: 0, savedGCo2e: 0, savedPct: null });
    expect(emptyLedger.entries).toEqual([]);

    // Two finished jobs: one in Toronto (Aurora) across UTC midnight, one in Singapore (Borealis).
    const [j1, j2] = ["job-seed-000", "job-seed-001"];
    const finished = new Date(hourNow - 30 * HOUR);
    await database.db.job.updateMany({ where: { id: { in: [j1, j2] } }, data: { status: "SUCCEEDED", finishedAt: finished } });
    await database.db.job.update({ where: { id: j1 }, data: { tenantId: "tenant-aurora-labs" } });
    await database.db.job.update({ where: { id: j2 }, data: { tenantId: "tenant-borealis-ai" } });
    const midnight = Date.UTC(2026, 2, 14); // 2026-03-14 00:00 UTC
    const row = (jobId: string, hourStart: number, clusterId: string, tenantId: string, kwh: number, g: number, source = "measured") => ({
      jobId, hourStart: new Date(hourStart), clusterId, tenantId, itEnergyKwh: kwh, facilityEnergyKwh: kwh * 1.15, gCo2ePerKwh: g, emissionsGCo2e: kwh * 1.15 * g, energySource: "power-model", intensitySource: source,
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
    expect(report.total.emissionsGCo2e).toBeCloseTo(g(10, 50) + g(10, 60) + g(4, 500), 6);
    expect(report.total.itEnergyKwh).toBeCloseTo(24, 6);
    expect(report.total.jobs).toBe(2);
    expect(report.byCluster.find((c) => c.name === "tor-hub-1")).toMatchObject({ zoneId: "CA-ON", jobs: 1, itEnergyKwh: 20 });
    expect(report.byCluster.find((c) => c.name === "sin-hub-1")!.emissionsGCo2e).toBeCloseTo(g(4, 500), 6);
    expect(report.byTenant.find((t) => t.name === "Aurora Labs")!.emissionsGCo2e).toBeCloseTo(g(10, 50) + g(10, 60), 6);
    expect(report.bySource.map((s) => s.source)).toEqual(["forecast", "measured"]);
    const utcDays = Object.fromEntries(report.byDay.filter((d) => d.itEnergyKwh > 0).map((d) => [d.day, d.itEnergyKwh]));
    expect(utcDays).toEqual({ "2026-03-13": 10, "2026-03-14": 14 });
    // In Tokyo (UTC+9) the 23:00 UTC hour is already the 14th: every hour lands on the 14th.
    const tokyo = await operator.carbon.emissions({ days: 7, tz: "Asia/Tokyo" });
    expect(Object.fromEntries(tokyo.byDay.filter((d) => d.itEnergyKwh > 0).map((d) => [d.day, d.itEnergyKwh]))).toEqual({ "2026-03-14": 24 });
    await expect(operator.carbon.emissions({ tz: "Mars/Olympus" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await operator.carbon.emissions({ days: 30 })).total.itEnergyKwh).toBeCloseTo(124, 6);

    // The ledger: one entry per job; the placed job links to its decision.
    const decision = await database.db.decision.create({
      data: { jobId: j1, outcome: "PLACED", clusterId: "cluster-tor-hub-1", policyId: "policy-verdant-default-v1", explanationVersion: 1, explanation: {}, createdAt: new Date(hourNow - 40 * HOUR) },
    });
    const day = new Date(Date.UTC(2026, 2, 14));
    await database.db.carbonSavingsEntry.createMany({
      data: [
        { jobId: j1, tenantId: "tenant-aurora-labs", clusterId: "cluster-tor-hub-1", day, actualGCo2e: 1265, baselineGCo2e: 9000, savedGCo2e: 7735, baselineClusterId: "cluster-sin-hub-1", baselineStartAt: new Date(midnight - 3 * HOUR), method: "least-loaded-start-at-submit@1" },
        { jobId: j2, tenantId: "tenant-borealis-ai", clusterId: "cluster-sin-hub-1", day, actualGCo2e: 2300, baselineGCo2e: 2000, savedGCo2e: -300, baselineClusterId: "cluster-tor-hub-1", baselineStartAt: null, method: "least-loaded-start-at-submit@1" },
      ],
    });
    const ledger = await operator.carbon.ledger({ days: 7, tz: "UTC", pageSize: 1 });
    expect(ledger.total).toMatchObject({ jobs: 2, actualGCo2e: 3565, baselineGCo2e: 11000, savedGCo2e: 7435 });
    expect(ledger.total.savedPct).toBeCloseTo((100 * 7435) / 11000, 6);
    expect(ledger.byTenant.map((t) => [t.name, t.savedGCo2e])).toEqual([["Aurora Labs", 7735], ["Borealis AI", -300]]);
    expect(ledger.byCluster.map((c) => [c.name, c.jobs])).toEqual([["tor-hub-1", 1], ["sin-hub-1", 1]]);
    expect(ledger.byDay.map((d) => [d.key, d.jobs])).toEqual([["2026-03-14", 2]]);
    expect(ledger.methods).toEqual([{ method: "least-loaded-start-at-submit@1", jobs: 2 }]);
    expect(ledger.totalEntries).toBe(2);
    expect(ledger.entries).toHaveLength(1);
    const all = await operator.carbon.ledger({ days: 7 });
    expect(all.entries.find((e) => e.jobId === j1)).toMatchObject({ decisionId: decision.id, baselineClusterName: "sin-hub-1", clusterName: "tor-hub-1", tenantName: "Aurora Labs" });
    expect(all.entries.find((e) => e.jobId === j2)?.decisionId).toBeNull();
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
    expect(await fieldErrors(() => admin.carbonAdmin.importCsv({ zoneId: "GB", fileName: "ca-on.csv", encoding: "text", content: fixture }))).toEqual({ fileZoneId: expect.stringContaining('"CA-ON" is not the target zone GB') });
    expect(await fieldErrors(() => admin.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "x.csv.gz", encoding: "gzip-base64", content: "bm90IGd6aXA=" }))).toEqual({ content: expect.stringContaining("not a readable gzip file") });

    const good = await admin.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "ca-on.csv.gz", encoding: "gzip-base64", content: gzipSync(fixture).toString("base64") });
    expect(good).toMatchObject({ written: true, inserted: 48, updated: 0, issues: [] });
    const after = await coverage();
    expect(after.measuredHours).toBe(30 * 24 + 48);
    expect(after.firstMeasuredAt?.toISOString()).toBe("2023-01-01T00:00:00.000Z");
    const again = await admin.carbonAdmin.importCsv({ zoneId: "CA-ON", fileName: "ca-on.csv", encoding: "text", content: fixture });
    expect(again).toMatchObject({ written: true, inserted: 0, updated: 48 });
    const audit = await database.db.auditLog.findMany({ where: { action: "carbon.import-csv" }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.actorId, a.entityId, (a.after as { inserted: number }).inserted])).toEqual([["user-admin", "CA-ON", 48], ["user-admin", "CA-ON", 0]]);
  });

  it("the static default: validated, changed and audited with before and after", async () => {
    const admin = await as("admin");
    expect(await fieldErrors(() => admin.carbonAdmin.setZoneDefault({ zoneId: "GB", annualAverageGCo2ePerKwh: -5 }))).toEqual({ annualAverageGCo2ePerKwh: "0 or more gCO2e/kWh" });
    expect(await fieldErrors(() => admin.carbonAdmin.setZoneDefault({ zoneId: "XX", annualAverageGCo2ePerKwh: 5 }))).toEqual({ zoneId: 'Grid zone "XX" does not exist.' });
    await admin.carbonAdmin.setZoneDefault({ zoneId: "GB", annualAverageGCo2ePerKwh: 150 });
    expect((await database.db.gridZone.findUniqueOrThrow({ where: { id: "GB" } })).annualAverageGCo2ePerKwh).toBe(150);
    const entry = await database.db.auditLog.findFirstOrThrow({ where: { action: "carbon.zone-default" } });
    expect([entry.actorId, entry.entityId, entry.before, entry.after]).toEqual(["user-admin", "GB", { annualAverageGCo2ePerKwh: 187.5 }, { annualAverageGCo2ePerKwh: 150 }]);
  });

  it("feeds: validation names the field; the token is stored but never returned or audited; every change is audited", async () => {
    const admin = await as("admin");
    const operator = await as("operator");
    expect(Object.keys(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed({ pollIntervalS: 30, baseUrl: "ftp://x.example" }))))).toEqual(["baseUrl", "pollIntervalS"]);
    expect(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed({ provider: "WATTTIME" })))).toEqual({ provider: expect.stringContaining("never mixed") });
    expect(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed({ zoneId: "XX" })))).toEqual({ zoneId: 'Grid zone "XX" does not exist.' });
    expect(await database.db.carbonFeed.count()).toBe(0);

    const created = await admin.carbonAdmin.saveFeed(feed({ externalZone: "GB" }));
    expect(created).toMatchObject({ zoneId: "GB", provider: "ELECTRICITY_MAPS", signalType: "AVERAGE", hasToken: true, pollIntervalS: 300, enabled: true, externalZone: "GB" });
    expect(created.nextPollAt?.getTime()).toBe(NOW.getTime());
    expect(JSON.stringify(created)).not.toContain("secret-token-123");
    expect("apiToken" in created).toBe(false);
    const listed = await operator.carbonAdmin.settings();
    expect(JSON.stringify(listed)).not.toContain("secret-token-123");
    expect(listed.feeds).toHaveLength(1);
    expect((await database.db.carbonFeed.findUniqueOrThrow({ where: { id: created.id } })).apiToken).toBe("secret-token-123");

    expect(await fieldErrors(() => admin.carbonAdmin.saveFeed(feed()))).toEqual({ provider: expect.stringContaining("already has") });

    // An edit without a token keeps it; disabling clears the schedule; clearToken removes it.
    const edited = await admin.carbonAdmin.saveFeed(feed({ id: created.id, apiToken: "", pollIntervalS: 900, enabled: false }));
    expect(edited).toMatchObject({ pollIntervalS: 900, enabled: false, hasToken: true, nextPollAt: null });
    expect((await database.db.carbonFeed.findUniqueOrThrow({ where: { id: created.id } })).apiToken).toBe("secret-token-123");
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
