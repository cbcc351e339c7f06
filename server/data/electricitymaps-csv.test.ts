import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { formatIssue, parseElectricityMapsCsv } from "./electricitymaps-csv";

const fixture = readFileSync(new URL("../../tests/fixtures/carbon/electricitymaps-CA-ON-2023-first-48h.csv", import.meta.url), "utf8");
const lines = fixture.trimEnd().split("\n");
const withLines = (edits: Record<number, string | null>) =>
  lines
    .map((l, i) => (i + 1 in edits ? edits[i + 1] : l))
    .filter((l) => l !== null)
    .join("\n");

describe("Electricity Maps CSV parser", () => {
  it("reads a real export: 48 hours, LCA or direct column, estimated flags and source", () => {
    const lca = parseElectricityMapsCsv(fixture, { file: "ca-on.csv", column: "lca" });
    expect(lca.issues).toEqual([]);
    expect(lca.dataLines).toBe(48);
    expect(lca.samples).toHaveLength(48);
    expect(lca.zones).toEqual([{ zoneId: "CA-ON", firstLine: 2 }]);
    expect(lca.samples[0]).toEqual({ zoneId: "CA-ON", at: new Date("2023-01-01T00:00:00Z"), gCo2ePerKwh: 50.72, estimated: false, estimationMethod: null, source: "ieso.ca", line: 2 });
    expect(lca.samples.filter((s) => s.estimated).map((s) => [s.line, s.estimationMethod, s.source])).toEqual([
      [7, "ESTIMATED_TIME_SLICER_AVERAGE", "Electricity Maps Estimation"],
      [31, "ESTIMATED_TIME_SLICER_AVERAGE", "Electricity Maps Estimation"],
    ]);
    expect(lca.samples[47]?.at).toEqual(new Date("2023-01-02T23:00:00Z"));
    const direct = parseElectricityMapsCsv(fixture, { file: "ca-on.csv", column: "direct" });
    expect(direct.samples[0]?.gCo2ePerKwh).toBe(30.05);
  });

  it("reports every bad line with its column instead of stopping at the first", () => {
    const text = withLines({
      3: "2023-01-01 01:00:00,Canada,Ontario,CA-ON,30.03,,91.88,35.65,ieso.ca,false,",
      4: "2023-01-01 02:30:00,Canada,Ontario,CA-ON,30.03,50.1,91.88,35.65,ieso.ca,false,",
      5: "2023-13-01 03:00:00,Canada,Ontario,CA-ON,30.03,abc,91.88,35.65,ieso.ca,maybe,",
      6: "2023-01-01 04:00:00,Canada,Ontario,CA-ON,30.03",
      8: '2023-01-01 06:00:00,"Canada,Ontario,CA-ON,30.03,50,1,2,x,false,',
      9: "2023-01-01 00:00:00,Canada,Ontario,CA-ON,30.03,-4,91.88,35.65,ieso.ca,false,",
      10: "2023-01-01 08:00:00,Canada,Ontario,CA-ON,30.03,51,91.88,35.65,ieso.ca,false,",
    });
    const result = parseElectricityMapsCsv(text, { file: "bad.csv", column: "lca" });
    const lca = "Carbon Intensity gCO₂eq/kWh (LCA)";
    expect(result.issues).toEqual([
      { line: 3, column: lca, message: "is empty; expected gCO2eq/kWh" },
      { line: 4, column: "Datetime (UTC)", message: '"2023-01-01 02:30:00" is not the start of an hour; hourly data is expected' },
      { line: 5, column: "Datetime (UTC)", message: '"2023-13-01 03:00:00" is not a valid date-time' },
      { line: 5, column: lca, message: '"abc" is not a number' },
      { line: 5, column: "Data Estimated", message: '"maybe" is not true or false' },
      { line: 6, column: null, message: "has 5 fields; the header has 11" },
      { line: 8, column: null, message: expect.stringMatching(/^malformed CSV/) },
      { line: 9, column: lca, message: "-4 is negative" },
    ]);
    expect(result.samples).toHaveLength(48 - 6);
    expect(formatIssue("bad.csv", result.issues[0] as never)).toBe(`bad.csv:3 column "${lca}": is empty; expected gCO2eq/kWh`);
  });

  it("flags a repeated hour and records every zone seen", () => {
    const text = withLines({ 4: lines[1] as string, 5: (lines[4] as string).replace(/CA-ON/, "GB") });
    const result = parseElectricityMapsCsv(text, { file: "dup.csv", column: "lca" });
    expect(result.issues).toEqual([{ line: 4, column: "Datetime (UTC)", message: "2023-01-01 00:00:00 repeats the hour of line 2" }]);
    expect(result.zones).toEqual([
      { zoneId: "CA-ON", firstLine: 2 },
      { zoneId: "GB", firstLine: 5 },
    ]);
  });

  it("rejects a file whose header is not the export's, naming the missing column", () => {
    const ascii = fixture.replace(/CO₂/g, "CO2");
    const result = parseElectricityMapsCsv(ascii, { file: "ascii.csv", column: "lca" });
    expect(result.samples).toEqual([]);
    expect(result.issues).toEqual([{ line: 1, column: "Carbon Intensity gCO₂eq/kWh (direct)", message: expect.stringContaining("missing: Carbon Intensity gCO₂eq/kWh (direct), Carbon Intensity gCO₂eq/kWh (LCA); unexpected: Carbon Intensity gCO2eq/kWh (direct)") }]);
    expect(parseElectricityMapsCsv("", { file: "empty.csv", column: "lca" }).issues[0]?.message).toMatch(/empty/);
  });

  it("parses a whole real year (gunzipped by the caller) in well under a second", () => {
    const path = "/work/shared/data/carbon/electricitymaps_raw/DE-LU_2023_hourly.csv.gz";
    let text: string;
    try {
      text = gunzipSync(readFileSync(path)).toString("utf8");
    } catch {
      return; // The shared data folder is not part of a clone; the fixture tests cover the format.
    }
    const started = performance.now();
    const result = parseElectricityMapsCsv(text, { file: path, column: "direct" });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.issues).toEqual([]);
    expect(result.samples).toHaveLength(8760);
  });
});
