// The scheduling snapshot's intensity series past the stored samples: hours no measured value or feed
// forecast covers come from the engine's forecaster fitted on the zone's measured history, and only a
// zone without enough history falls back to its (labelled) annual average.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR_MS, ZONE_BLEND_FORECAST_MODEL, ZONE_BLEND_MIN_HISTORY_HOURS, ZONE_FORECAST_MODEL } from "../../server/engine";
import { loadFleetSnapshot } from "../../server/services/fleet-snapshot";
import { ANNUAL_AVERAGE_PROVIDER } from "../../server/services/zone-intensity-series";
import { upsertMeasuredSamples } from "../../server/repositories/carbon-repository";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

// Three days after the seed: its measured history ended at SEED_NOW and its 48 h forecast has run out.
const nowMs = SEED_NOW.getTime() + 72 * HOUR_MS;
const hourNow = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
// A daily shape: the forecaster reproduces a pure 24 h periodic series exactly.
const daily = (atMs: number) => 200 + 80 * Math.sin((2 * Math.PI * (atMs / HOUR_MS)) / 24);

describe("scheduling series beyond the stored samples", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
    const db = database.db;
    await db.gridZone.createMany({
      data: [
        { id: "TEST-HIST", name: "Zone with history", annualAverageGCo2ePerKwh: 999 },
        { id: "TEST-NONE", name: "Zone without history", annualAverageGCo2ePerKwh: 321 },
        { id: "TEST-LONG", name: "Zone with four weeks of history", annualAverageGCo2ePerKwh: 999 },
      ],
    });
    const cluster = (name: string, gridZoneId: string) => ({
      name,
      region: "test",
      tier: "EDGE" as const,
      gridZoneId,
      pue: 1.2,
      locationName: "test",
      latitude: 0,
      longitude: 0,
    });
    await db.cluster.createMany({ data: [cluster("hist-cluster", "TEST-HIST"), cluster("none-cluster", "TEST-NONE"), cluster("long-cluster", "TEST-LONG")] });
    // Three days of measured hours ending two hours before now (no forecast samples at all).
    const rows = Array.from({ length: 72 }, (_, i) => hourNow - (73 - i) * HOUR_MS).map((at) => ({
      zoneId: "TEST-HIST",
      at: new Date(at),
      gCo2ePerKwh: daily(at),
      kind: "MEASURED" as const,
      signalType: "AVERAGE" as const,
      emissionFactorType: "LIFECYCLE" as const,
      provider: "test",
      source: "test",
      estimated: false,
      forecastIssuedAt: null,
    }));
    await upsertMeasuredSamples(db, rows);
    // Four weeks of a daily shape with a weekly swing (weekends lower) for the blend.
    const weekly = (at: number) => daily(at) - (Math.floor(at / (24 * HOUR_MS)) % 7 >= 5 ? 40 : 0);
    const long = Array.from({ length: 28 * 24 }, (_, i) => hourNow - (28 * 24 + 1 - i) * HOUR_MS).map((at) => ({
      ...rows[0]!,
      zoneId: "TEST-LONG",
      at: new Date(at),
      gCo2ePerKwh: weekly(at),
    }));
    await upsertMeasuredSamples(db, long);
  });
  afterAll(() => database.drop());

  it("fills a zone with measured history from the forecaster, labelled as a Verdant forecast with its model, issued now", async () => {
    const { snapshot } = await loadFleetSnapshot(database.db, nowMs);
    const series = snapshot.clusters.find((c) => c.name === "hist-cluster")!.series;
    expect(series.gCo2ePerKwh).toHaveLength(49);
    series.gCo2ePerKwh.forEach((v, h) => {
      const at = series.startMs + h * HOUR_MS;
      expect(series.provenance[h]).toEqual({
        kind: "verdant-forecast",
        provider: "verdant",
        model: ZONE_FORECAST_MODEL,
        signalType: "average",
        emissionFactorType: "lifecycle",
        forecastIssuedAtMs: nowMs,
      });
      expect(v).toBeCloseTo(daily(at), 6);
      expect(v).not.toBe(999);
    });
    // The daily shape survives: not a flat line.
    expect(Math.max(...series.gCo2ePerKwh) - Math.min(...series.gCo2ePerKwh)).toBeGreaterThan(100);
  });

  it("fills a zone with four weeks or more of history from the learned blend, named by its model", async () => {
    expect(28 * 24).toBeGreaterThanOrEqual(ZONE_BLEND_MIN_HISTORY_HOURS);
    const { snapshot } = await loadFleetSnapshot(database.db, nowMs);
    const series = snapshot.clusters.find((c) => c.name === "long-cluster")!.series;
    const models = new Set(series.provenance.map((p) => (p.kind === "verdant-forecast" ? p.model : p.kind)));
    expect(models).toEqual(new Set([ZONE_BLEND_FORECAST_MODEL]));
    // A daily shape with a weekend step: the blend follows it within a few percent, never the 999 average.
    const weekly = (at: number) => daily(at) - (Math.floor(at / (24 * HOUR_MS)) % 7 >= 5 ? 40 : 0);
    const relErr =
      series.gCo2ePerKwh.reduce((sum, v, h) => sum + Math.abs(v - weekly(series.startMs + h * HOUR_MS)), 0) /
      series.gCo2ePerKwh.reduce((sum, _, h) => sum + weekly(series.startMs + h * HOUR_MS), 0);
    expect(relErr).toBeLessThan(0.05);
  });

  it("keeps the labelled annual average for a zone without history", async () => {
    const { snapshot } = await loadFleetSnapshot(database.db, nowMs);
    const series = snapshot.clusters.find((c) => c.name === "none-cluster")!.series;
    expect(new Set(series.gCo2ePerKwh)).toEqual(new Set([321]));
    expect(new Set(series.provenance.map((p) => p.kind))).toEqual(new Set(["annual-average"]));
    expect(new Set(series.provenance.map((p) => p.provider))).toEqual(new Set([ANNUAL_AVERAGE_PROVIDER]));
  });

  it("forecasts the demo zones from their seeded history once the seeded forecast has run out", async () => {
    const { snapshot } = await loadFleetSnapshot(database.db, nowMs);
    const demo = snapshot.clusters.filter((c) => !c.name.endsWith("-cluster"));
    expect(demo.length).toBeGreaterThan(0);
    for (const cluster of demo) {
      expect(new Set(cluster.series.provenance.map((p) => p.kind))).toEqual(new Set(["verdant-forecast"]));
      // The seed stores 30 days of measured hours: enough for the blend.
      expect(new Set(cluster.series.provenance.map((p) => (p.kind === "verdant-forecast" ? p.model : null)))).toEqual(new Set([ZONE_BLEND_FORECAST_MODEL]));
      expect(new Set(cluster.series.gCo2ePerKwh).size).toBeGreaterThan(1);
    }
  });

  it("uses measured hours and feed forecasts where they exist", async () => {
    // At the seed's own time the stored samples cover the whole window.
    const { snapshot } = await loadFleetSnapshot(database.db, SEED_NOW.getTime() + 60_000);
    const demo = snapshot.clusters.find((c) => !c.name.endsWith("-cluster"))!;
    expect(demo.series.provenance.some((p) => p.kind === "verdant-forecast")).toBe(false);
    expect(new Set(demo.series.provenance.map((p) => p.kind))).toEqual(new Set(["measured", "provider-forecast"]));
    // The demo's forecasts are synthetic (the replayed value with noise), and say so.
    for (const p of demo.series.provenance.filter((x) => x.kind === "provider-forecast")) expect(p).toMatchObject({ provider: "demo", synthetic: true });
  });
});
