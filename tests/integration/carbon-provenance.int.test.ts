// Carbon provenance through the real scheduling cycle and job runner on the seeded database: an admin
// switches one zone to a marginal signal (audited, refused while a feed of the other signal exists),
// the cycle keeps deciding every job (the marginal clusters are left out with their reason instead of
// failing the fleet), decisions carry each hour's provenance kind, and finished jobs' energy rows name
// the node-share model and their intensity's provenance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTENSITY_KINDS, parseCoordinatorExplanation } from "../../server/engine";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { runnerFor } from "./helpers/runner";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const now = new Date(SEED_NOW.getTime() + 60_000);
const MARGINAL_ZONE = "CA-ON";

describe("carbon provenance, signal types and whole-node energy", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("lets only admins set a zone's signal type, audits it and refuses a zone with a feed of the other signal", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    const operator = await callerAs(database.db, demoUserIds.operator);
    await expect(operator.carbonAdmin.setZoneSignal({ zoneId: MARGINAL_ZONE, signalType: "MARGINAL" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(admin.carbonAdmin.setZoneSignal({ zoneId: "NOWHERE", signalType: "MARGINAL" })).rejects.toThrow(/NOWHERE/);
    await expect(admin.carbonAdmin.setZoneSignal({ zoneId: MARGINAL_ZONE, signalType: "SOMETIMES" as "MARGINAL" })).rejects.toThrow(/average or marginal/);

    await database.db.carbonFeed.create({ data: { zoneId: "GB", provider: "ELECTRICITY_MAPS", signalType: "AVERAGE", baseUrl: "https://api.example" } });
    await expect(admin.carbonAdmin.setZoneSignal({ zoneId: "GB", signalType: "MARGINAL" })).rejects.toThrow(/ELECTRICITY_MAPS feeds of the other signal/);
    expect((await database.db.gridZone.findUniqueOrThrow({ where: { id: "GB" } })).signalType).toBe("AVERAGE");

    expect(await admin.carbonAdmin.setZoneSignal({ zoneId: MARGINAL_ZONE, signalType: "MARGINAL" })).toEqual({
      zoneId: MARGINAL_ZONE,
      before: "AVERAGE",
      after: "MARGINAL",
    });
    const audit = await database.db.auditLog.findFirst({ where: { action: "carbon.zone-signal", entityId: MARGINAL_ZONE } });
    expect(audit?.before).toEqual({ signalType: "AVERAGE" });
    expect(audit?.after).toEqual({ signalType: "MARGINAL" });
    const settings = await admin.carbonAdmin.settings();
    expect(settings.zones.find((z) => z.id === MARGINAL_ZONE)?.signalType).toBe("MARGINAL");
  });

  it("decides every queued job with a marginal zone in the fleet, leaving its clusters out with the reason", async () => {
    const marginalClusters = new Set((await database.db.cluster.findMany({ where: { gridZoneId: MARGINAL_ZONE } })).map((c) => c.id));
    expect(marginalClusters.size).toBeGreaterThan(0);
    const report = await runSchedulingCycle(database.db, { now, seed: 42, maxJobs: 500 });
    expect(report.considered).toBe(61);
    expect(report.placed).toBeGreaterThan(0);
    expect(report.placed + report.deferred + report.unschedulable + report.conflicts).toBe(report.considered);

    const decisions = await database.db.decision.findMany({ where: { job: { name: { startsWith: "trace-" } } } });
    expect(decisions).toHaveLength(60);
    const explanations = decisions.map((d) => parseCoordinatorExplanation(d.explanation));
    const compared = explanations.filter((e) => e.signalComparison);
    expect(compared.length).toBeGreaterThan(0);
    for (const e of compared) {
      expect(e.signalComparison?.decidedOn).toBe("average/lifecycle");
      for (const id of e.signalComparison?.excludedClusterIds ?? []) {
        expect(marginalClusters.has(id)).toBe(true);
        const c = e.clusters.find((x) => x.clusterId === id);
        expect(c?.filters.flatMap((f) => f.reasons).map((r) => r.code)).toContain("SIGNAL_TYPE_NOT_COMPARED");
      }
      for (const part of e.chosen) expect(marginalClusters.has(part.clusterId)).toBe(false);
    }
    // Every chosen run names where each hour's intensity came from; the demo's forecasts are synthetic.
    const sources = explanations.flatMap((e) => e.chosen.flatMap((p) => p.carbon.provenance.sources ?? []));
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(INTENSITY_KINDS).toContain(s.kind);
    const forecasts = sources.filter((s) => s.kind === "provider-forecast");
    expect(forecasts.length).toBeGreaterThan(0);
    for (const s of forecasts) expect(s).toMatchObject({ provider: "demo", synthetic: true });
    for (const s of forecasts) expect(s.forecastIssuedAtMs).toBeTypeOf("number");
  });

  it("accounts finished jobs by the node-share model with each hour's intensity provenance", async () => {
    const started = await runnerFor(database.db).advance(now);
    expect(started.started).toBeGreaterThan(0);
    await runnerFor(database.db).advance(new Date(now.getTime() + 4 * 24 * 3600_000));
    const hours = await database.db.jobEnergyHour.findMany({ include: { job: { select: { gpuCount: true, finishedAt: true } } } });
    const fresh = hours.filter((h) => h.job.finishedAt && h.job.finishedAt > now);
    expect(fresh.length).toBeGreaterThan(0);
    for (const h of fresh) {
      expect(h.energyMethod).toBe("node-share@1");
      expect(INTENSITY_KINDS).toContain(h.intensitySource);
      expect(h.itEnergyKwh).toBeGreaterThan(0);
      if (h.intensitySource === "provider-forecast") expect(h.intensityIssuedAt).not.toBeNull();
    }
    // The seeded history is accounted by the same node-share model as live runs, so the two compare.
    const seeded = hours.filter((h) => !fresh.includes(h));
    expect(seeded.length).toBeGreaterThan(0);
    expect([...new Set(seeded.map((h) => h.energyMethod))]).toEqual(["node-share@1"]);
  });
});
