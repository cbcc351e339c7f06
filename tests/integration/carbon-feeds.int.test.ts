// Carbon feeds on a real PostgreSQL (a clone of the seeded template) with a local HTTP server on
// 127.0.0.1 standing in for the Electricity Maps and WattTime APIs. Retries are bounded and sleeps
// are injected (recorded, not waited), so the suite stays fast and stops by itself.
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importElectricityMapsCsv } from "../../server/carbon-feeds/csv-import";
import { resolveCurrentIntensity } from "../../server/carbon-feeds/current-intensity";
import {
  pollElectricityMapsForecast,
  pollElectricityMapsHistory,
  pollElectricityMapsLatest,
  type ElectricityMapsFeedConfig,
} from "../../server/carbon-feeds/electricitymaps-feed";
import { loadForecastAccuracy } from "../../server/carbon-feeds/forecast-accuracy";
import type { FetchDeps } from "../../server/carbon-feeds/http-fetch";
import { pollWattTimeForecast, type WattTimeFeedConfig } from "../../server/carbon-feeds/watttime-feed";
import { createRng } from "../../server/engine";
import { inTransaction, upsertMeasuredSamples } from "../../server/repositories/carbon-repository";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | "hang";
interface Seen {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

const fixture = readFileSync(new URL("../fixtures/carbon/electricitymaps-CA-ON-2023-first-48h.csv", import.meta.url), "utf8");
const HOUR = 3_600_000;
const T = Date.UTC(2026, 5, 1, 12); // far from the seed's samples (March 2026)
const iso = (ms: number) => new Date(ms).toISOString();

describe("carbon feeds", () => {
  let test: TestDatabase;
  let replies: Reply[] = [];
  const seen: Seen[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    seen.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    const reply = replies.shift() ?? { status: 500, body: { error: "no reply scripted" } };
    if (reply === "hang") {
      hanging.push(res);
      return;
    }
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {}));
  });
  let baseUrl = "";
  let sleeps: number[] = [];
  // The fake providers listen on 127.0.0.1, which feeds may reach only with private addresses allowed.
  const deps = (): FetchDeps => ({
    fetch: globalThis.fetch,
    sleep: async (ms) => void sleeps.push(ms),
    rng: createRng(7),
    now: () => T,
    allowPrivateAddresses: true,
  });
  const em = (): ElectricityMapsFeedConfig => ({
    baseUrl,
    authToken: "em-secret",
    retry: { maxAttempts: 3, timeoutMs: 2000, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 },
  });
  const wt = (): WattTimeFeedConfig => ({ baseUrl, token: "wt-secret", regions: { "TEST-MOER": "CAISO_NORTH" }, retry: { maxAttempts: 2, timeoutMs: 2000 } });
  const count = (zoneId: string, kind?: "MEASURED" | "FORECAST") => test.db.carbonIntensitySample.count({ where: { zoneId, ...(kind ? { kind } : {}) } });

  beforeAll(async () => {
    test = await createSeededDatabase();
    await test.db.gridZone.createMany({
      data: [
        { id: "TEST-AVG", name: "Average test zone", signalType: "AVERAGE", emissionFactorType: "LIFECYCLE", annualAverageGCo2ePerKwh: 321 },
        { id: "TEST-MOER", name: "Marginal test zone", signalType: "MARGINAL", emissionFactorType: "DIRECT", annualAverageGCo2ePerKwh: 420 },
      ],
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await test.drop();
  });
  beforeEach(() => {
    replies = [];
    seen.length = 0;
    sleeps = [];
  });

  describe("Electricity Maps CSV import", () => {
    it("imports a real file as measured lifecycle samples, then upserts on re-import", async () => {
      const before = await count("CA-ON");
      const first = await importElectricityMapsCsv(test.db, { zoneId: "CA-ON", text: fixture, file: "ca-on.csv", column: "lca", actorId: "user-admin" });
      expect(first).toMatchObject({ written: true, inserted: 48, updated: 0, dataLines: 48, issues: [] });
      const again = await importElectricityMapsCsv(test.db, { zoneId: "CA-ON", text: fixture.replace("50.72", "51.5"), file: "ca-on.csv", column: "lca" });
      expect(again).toMatchObject({ written: true, inserted: 0, updated: 48 });
      expect(await count("CA-ON")).toBe(before + 48);
      const row = await test.db.carbonIntensitySample.findFirstOrThrow({ where: { zoneId: "CA-ON", at: new Date("2023-01-01T00:00:00Z"), kind: "MEASURED" } });
      expect(row).toMatchObject({
        gCo2ePerKwh: 51.5,
        signalType: "AVERAGE",
        emissionFactorType: "LIFECYCLE",
        provider: "Electricity Maps",
        source: "ieso.ca",
        estimated: false,
        forecastIssuedAt: null,
      });
      const estimated = await test.db.carbonIntensitySample.findFirstOrThrow({ where: { zoneId: "CA-ON", at: new Date("2023-01-01T05:00:00Z") } });
      expect(estimated).toMatchObject({ estimated: true, source: "Electricity Maps Estimation" });
      expect(await test.db.auditLog.count({ where: { action: "carbon.import-csv", entityId: "CA-ON" } })).toBe(2);
    });

    it('imports a whole real year (8,760 hours, gunzipped by the caller) into its zone (the DE-LU file says Zone Id "DE")', async () => {
      let text: string;
      try {
        text = gunzipSync(readFileSync("/work/shared/data/carbon/electricitymaps_raw/DE-LU_2023_hourly.csv.gz")).toString("utf8");
      } catch {
        return; // The shared data folder is not part of a clone; the fixture tests cover the format.
      }
      const started = performance.now();
      const result = await importElectricityMapsCsv(test.db, { zoneId: "DE", text, file: "DE-LU_2023_hourly.csv", column: "lca" });
      expect(result).toMatchObject({ written: true, inserted: 8760, updated: 0, issues: [] });
      expect(performance.now() - started).toBeLessThan(15_000);
    });

    it("rolls back every batch when the transaction fails after writing", async () => {
      const before = await count("TEST-AVG");
      const rows = Array.from({ length: 1500 }, (_, h) => ({
        zoneId: "TEST-AVG",
        at: new Date(Date.UTC(2020, 0, 1) + h * HOUR),
        gCo2ePerKwh: 100,
        kind: "MEASURED" as const,
        signalType: "AVERAGE" as const,
        emissionFactorType: "LIFECYCLE" as const,
        provider: "test",
        source: "test",
        estimated: false,
        forecastIssuedAt: null,
      }));
      await expect(
        inTransaction(test.db, async (tx) => {
          expect(await upsertMeasuredSamples(tx, rows)).toEqual({ inserted: 1500, updated: 0 });
          throw new Error("fail after two batches");
        }),
      ).rejects.toThrow("fail after two batches");
      expect(await count("TEST-AVG")).toBe(before);
    });

    it("writes nothing when any line is bad and reports each one with its line and column", async () => {
      const before = await count("CA-ON");
      const lines = fixture.replace("51.5", "52").split("\n");
      lines[9] = "2023-01-01 08:00:00,Canada,Ontario,CA-ON,30,,1,1,ieso.ca,false,";
      lines[20] = "2023-01-01 19:00:00,Canada,Ontario,CA-ON";
      const result = await importElectricityMapsCsv(test.db, { zoneId: "CA-ON", text: lines.join("\n"), file: "bad.csv", column: "lca" });
      expect(result).toMatchObject({ written: false, inserted: 0, updated: 0, validSamples: 46 });
      expect(result.report).toEqual([
        'bad.csv:10 column "Carbon Intensity gCO₂eq/kWh (LCA)": is empty; expected gCO2eq/kWh',
        "bad.csv:21: has 4 fields; the header has 11",
      ]);
      expect(await count("CA-ON")).toBe(before);
      const row = await test.db.carbonIntensitySample.findFirstOrThrow({ where: { zoneId: "CA-ON", at: new Date("2023-01-01T00:00:00Z"), kind: "MEASURED" } });
      expect(row.gCo2ePerKwh).toBe(51.5);
      // Opting in to a partial import writes the 46 good hours (all updates here).
      const partial = await importElectricityMapsCsv(test.db, { zoneId: "CA-ON", text: lines.join("\n"), file: "bad.csv", column: "lca", allowPartial: true });
      expect(partial).toMatchObject({ written: true, inserted: 0, updated: 46 });
    });

    it("refuses another zone's file, a column of the other emission factor, and a marginal zone", async () => {
      const gbBefore = await count("GB");
      await expect(importElectricityMapsCsv(test.db, { zoneId: "GB", text: fixture, file: "ca-on.csv", column: "lca" })).rejects.toMatchObject({
        code: "ZONE_MISMATCH",
        message: 'ca-on.csv:2 column "Zone Id": "CA-ON" is not the target zone GB; a file is imported into its own zone only',
      });
      await expect(importElectricityMapsCsv(test.db, { zoneId: "CA-ON", text: fixture, file: "ca-on.csv", column: "direct" })).rejects.toMatchObject({
        code: "EMISSION_FACTOR_MISMATCH",
      });
      await expect(importElectricityMapsCsv(test.db, { zoneId: "TEST-MOER", text: fixture, file: "ca-on.csv", column: "direct" })).rejects.toMatchObject({
        code: "SIGNAL_TYPE_MISMATCH",
        message: expect.stringContaining("zone TEST-MOER uses a MARGINAL signal but Electricity Maps provides AVERAGE"),
      });
      expect(await count("GB")).toBe(gbBefore);
      expect(await count("TEST-MOER")).toBe(0);
    });
  });

  describe("Electricity Maps API poller", () => {
    it("stores latest and history as measured and the forecast with its issue time, sending auth-token", async () => {
      replies = [
        {
          status: 200,
          body: {
            zone: "TEST-AVG",
            carbonIntensity: 250,
            datetime: iso(T),
            updatedAt: iso(T + 60_000),
            emissionFactorType: "lifecycle",
            isEstimated: true,
            estimationMethod: "TIME_SLICER_AVERAGE",
          },
        },
        {
          status: 200,
          body: {
            zone: "TEST-AVG",
            history: [0, 1, 2, 3].map((h) => ({ carbonIntensity: h === 2 ? null : 200 + h, datetime: iso(T - (4 - h) * HOUR), isEstimated: false })),
          },
        },
        {
          status: 200,
          body: { zone: "TEST-AVG", updatedAt: iso(T), forecast: [1, 2, 3].map((h) => ({ carbonIntensity: 240 + h, datetime: iso(T + h * HOUR) })) },
        },
      ];
      const latest = await pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps());
      const history = await pollElectricityMapsHistory(test.db, em(), "TEST-AVG", deps());
      const forecast = await pollElectricityMapsForecast(test.db, em(), "TEST-AVG", deps());
      expect([latest.inserted, history.inserted, history.skippedNull, forecast.inserted]).toEqual([1, 3, 1, 3]);
      expect(forecast.forecastIssuedAt).toEqual(new Date(T));
      expect(seen.map((s) => [s.path, s.query.zone, s.query.emissionFactorType, s.headers["auth-token"]])).toEqual([
        ["/v3/carbon-intensity/latest", "TEST-AVG", "lifecycle", "em-secret"],
        ["/v3/carbon-intensity/history", "TEST-AVG", "lifecycle", "em-secret"],
        ["/v3/carbon-intensity/forecast", "TEST-AVG", "lifecycle", "em-secret"],
      ]);
      expect(await test.db.carbonIntensitySample.findFirstOrThrow({ where: { zoneId: "TEST-AVG", at: new Date(T), kind: "MEASURED" } })).toMatchObject({
        gCo2ePerKwh: 250,
        estimated: true,
        provider: "Electricity Maps",
      });
      const f = await test.db.carbonIntensitySample.findMany({ where: { zoneId: "TEST-AVG", kind: "FORECAST" }, orderBy: { at: "asc" } });
      expect(f.map((s) => [s.at.getTime() - T, s.gCo2ePerKwh, s.forecastIssuedAt?.getTime(), s.estimated])).toEqual(
        [1, 2, 3].map((h) => [h * HOUR, 240 + h, T, true]),
      );
      // The current value and forecast accuracy come from what was stored.
      expect(await resolveCurrentIntensity(test.db, "TEST-AVG", new Date(T + 10 * 60_000))).toMatchObject({
        basis: "measured",
        gCo2ePerKwh: 250,
        label: "measured (Electricity Maps, estimated)",
      });
      expect(await resolveCurrentIntensity(test.db, "TEST-AVG", new Date(T + 2 * HOUR + 60_000), { maxAgeHours: 1 })).toMatchObject({
        basis: "provider-forecast",
        gCo2ePerKwh: 242,
        forecastIssuedAt: new Date(T),
        synthetic: false,
      });
    });

    it("rejects a malformed response, naming the field, and writes nothing", async () => {
      const before = await count("TEST-AVG");
      replies = [
        {
          status: 200,
          body: {
            zone: "TEST-AVG",
            history: [
              { carbonIntensity: 1, datetime: iso(T - 9 * HOUR) },
              { carbonIntensity: "high", datetime: iso(T - 8 * HOUR) },
            ],
          },
        },
      ];
      await expect(pollElectricityMapsHistory(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({
        code: "MALFORMED_RESPONSE",
        message: expect.stringMatching(/^Electricity Maps history for TEST-AVG: unexpected response; history\[1\]\.carbonIntensity: .*nothing was written$/),
      });
      replies = [
        {
          status: 200,
          body: {
            zone: "TEST-AVG",
            history: [
              { carbonIntensity: 1, datetime: iso(T - 9 * HOUR) },
              { carbonIntensity: 2, datetime: iso(T - 8 * HOUR + 1800_000) },
            ],
          },
        },
      ];
      await expect(pollElectricityMapsHistory(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({
        message: expect.stringContaining("history[1].datetime"),
      });
      replies = [{ status: 200, body: "<html>oops</html>" }];
      await expect(pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({
        code: "MALFORMED_RESPONSE",
        message: expect.stringContaining("not JSON"),
      });
      replies = [{ status: 200, body: { zone: "DE", carbonIntensity: 1, datetime: iso(T) } }];
      await expect(pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({ code: "ZONE_MISMATCH" });
      replies = [{ status: 401, body: { message: "bad token" } }];
      await expect(pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({
        code: "HTTP",
        message: expect.stringContaining("HTTP 401"),
      });
      expect(seen).toHaveLength(5); // a 401 is not retried
      expect(await count("TEST-AVG")).toBe(before);
    });

    it("waits for Retry-After on 429, backs off with seeded jitter on 5xx, and gives up after the attempt limit", async () => {
      replies = [
        { status: 429, headers: { "retry-after": "2" } },
        { status: 503 },
        { status: 200, body: { zone: "TEST-AVG", carbonIntensity: 260, datetime: iso(T + HOUR) } },
      ];
      const ok = await pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps());
      expect(ok.attempts.map((a) => a.outcome)).toEqual(["RATE_LIMITED: HTTP 429 Too Many Requests", "HTTP: HTTP 503", "ok"]);
      // 2 s from Retry-After (longer than the 50..100 ms backoff), then 100..200 ms, the same every run.
      expect(sleeps[0]).toBe(2000);
      expect(sleeps[1]).toBeGreaterThanOrEqual(100);
      expect(sleeps[1]).toBeLessThanOrEqual(200);
      const replay: number[] = [];
      replies = [
        { status: 429, headers: { "retry-after": "2" } },
        { status: 503 },
        { status: 200, body: { zone: "TEST-AVG", carbonIntensity: 260, datetime: iso(T + HOUR) } },
      ];
      await pollElectricityMapsLatest(test.db, em(), "TEST-AVG", { ...deps(), sleep: async (ms) => void replay.push(ms) });
      expect(replay).toEqual(sleeps.slice(0, 2));

      replies = [{ status: 429 }, { status: 429 }, { status: 429 }, { status: 200, body: {} }];
      seen.length = 0;
      await expect(pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringContaining("gave up after 3 attempt(s)"),
      });
      expect(seen).toHaveLength(3);
      replies = [{ status: 429, headers: { "retry-after": "3600" } }];
      await expect(pollElectricityMapsLatest(test.db, em(), "TEST-AVG", deps())).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringContaining("Retry-After 3600 s exceeds"),
      });
    });

    it("times out a silent server per attempt and reports TIMEOUT", async () => {
      replies = ["hang", "hang"];
      const started = performance.now();
      await expect(
        pollElectricityMapsLatest(test.db, { ...em(), retry: { maxAttempts: 2, timeoutMs: 150, baseDelayMs: 10 } }, "TEST-AVG", deps()),
      ).rejects.toMatchObject({ code: "TIMEOUT", message: expect.stringContaining("gave up after 2 attempt(s); last: no answer within 150 ms") });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(seen).toHaveLength(2);
    });
  });

  describe("marginal (WattTime-style) feed", () => {
    it("converts MOER lbs/MWh to gCO2e/kWh hourly means and stores them as a marginal forecast", async () => {
      const points = [0, 5, 10]
        .map((m) => ({ point_time: iso(T + HOUR + m * 60_000), value: 1000 + m * 10 }))
        .concat([{ point_time: iso(T + 2 * HOUR), value: 500 }]);
      replies = [
        { status: 200, body: { data: points, meta: { region: "CAISO_NORTH", signal_type: "co2_moer", units: "lbs_co2_per_mwh", generated_at: iso(T) } } },
      ];
      const result = await pollWattTimeForecast(test.db, wt(), "TEST-MOER", deps());
      expect(result).toMatchObject({ inserted: 2, kind: "FORECAST", forecastIssuedAt: new Date(T) });
      expect(seen[0]).toMatchObject({ path: "/v3/forecast", query: { region: "CAISO_NORTH", signal_type: "co2_moer" } });
      expect(seen[0]?.headers.authorization).toBe("Bearer wt-secret");
      const rows = await test.db.carbonIntensitySample.findMany({ where: { zoneId: "TEST-MOER" }, orderBy: { at: "asc" } });
      expect(rows.map((r) => [r.gCo2ePerKwh, r.signalType, r.emissionFactorType, r.provider])).toEqual([
        [453.592 + 0.453592 * 50, "MARGINAL", "DIRECT", "WattTime"].map((v) => (typeof v === "number" ? Math.round(v * 1000) / 1000 : v)),
        [226.796, "MARGINAL", "DIRECT", "WattTime"],
      ]);
    });

    it("never mixes marginal and average: each feed refuses the other kind of zone before any request", async () => {
      await expect(pollWattTimeForecast(test.db, { ...wt(), regions: { "TEST-AVG": "CAISO_NORTH" } }, "TEST-AVG", deps())).rejects.toMatchObject({
        code: "SIGNAL_TYPE_MISMATCH",
        message: expect.stringContaining("zone TEST-AVG uses a AVERAGE signal but WattTime provides MARGINAL"),
      });
      await expect(pollElectricityMapsLatest(test.db, em(), "TEST-MOER", deps())).rejects.toMatchObject({ code: "SIGNAL_TYPE_MISMATCH" });
      expect(seen).toHaveLength(0);
      replies = [{ status: 200, body: { data: [], meta: { region: "CAISO_NORTH", signal_type: "co2_moer", units: "g_co2_per_kwh" } } }];
      await expect(pollWattTimeForecast(test.db, wt(), "TEST-MOER", deps())).rejects.toMatchObject({
        code: "MALFORMED_RESPONSE",
        message: expect.stringContaining('meta.units is "g_co2_per_kwh"'),
      });
    });
  });

  describe("fallback and accuracy", () => {
    it("falls back to the zone's annual average, labelled, when there are no samples", async () => {
      await test.db.gridZone.create({ data: { id: "TEST-EMPTY", name: "No data", annualAverageGCo2ePerKwh: 111 } });
      expect(await resolveCurrentIntensity(test.db, "TEST-EMPTY", new Date(T))).toEqual({
        zoneId: "TEST-EMPTY",
        gCo2ePerKwh: 111,
        basis: "annual-average",
        label: "annual average (static default: no feed data)",
        at: null,
        provider: null,
        forecastIssuedAt: null,
        synthetic: false,
        signalType: "AVERAGE",
        emissionFactorType: "LIFECYCLE",
      });
      await expect(resolveCurrentIntensity(test.db, "NOPE", new Date(T))).rejects.toMatchObject({ code: "UNKNOWN_ZONE" });
    });

    it("measures the stored forecasts against the later measured hours", async () => {
      // TEST-AVG now has forecasts for T+1..3 h issued at T and measured values for T+1 h (260).
      const report = await loadForecastAccuracy(test.db, "TEST-AVG", new Date(T), new Date(T + 4 * HOUR));
      expect(report.buckets[0]).toMatchObject({ pairs: 1, maeGCo2ePerKwh: 19, excludedFromMape: 0 });
      expect(report.buckets[0]?.mapePct).toBeCloseTo((100 * 19) / 260, 9);
      expect(report.unmatched).toBe(2);
    });
  });
});
