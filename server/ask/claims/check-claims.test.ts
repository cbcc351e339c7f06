import { describe, expect, it } from "vitest";
import type { AllowedFacts } from "../contract";
import { checkClaims, findNumberClaims } from "./check-claims";
import { findTimeClaims } from "./times";

const allowed: AllowedFacts = {
  numbers: [
    { value: 2320, unit: "gCO2e", label: "CO2e of the chosen start" },
    { value: 1234, unit: "gCO2e", label: "CO2e at the earliest start" },
    { value: 12.5, unit: "%", label: "saving" },
    { value: 3.6, unit: "kWh", label: "energy" },
    { value: 7200, unit: "s", label: "run time" },
    { value: 8, unit: "GPU", label: "GPUs" },
    { value: 264.4, unit: "gCO2e/kWh", label: "mean intensity" },
    { value: 3, label: "clusters considered" },
  ],
  clusters: ["tor-hub-1", "fra-hub-1"],
  models: ["A100"],
  tenants: ["Aurora Labs"],
  times: ["2026-03-15T14:00:00.000Z", "2026-03-15T18:30:00.000Z"],
  vocabulary: {
    clusters: ["tor-hub-1", "fra-hub-1", "sjc-regional-1", "lon-regional-1"],
    models: ["A100", "H800", "V100M16"],
    tenants: ["Aurora Labs", "Borealis AI"],
  },
};

const failedTexts = (text: string) => checkClaims(text, allowed).failed.map((f) => f.text);

describe("checkClaims: numbers", () => {
  it("accepts a number in another unit of the same kind, rounded to the precision written", () => {
    expect(checkClaims("It emits 2.3 kg CO2e.", allowed).ok).toBe(true);
    expect(checkClaims("It emits 2.32 kg CO2e.", allowed).ok).toBe(true);
    expect(checkClaims("It emits 2,320 gCO2e.", allowed).ok).toBe(true);
    expect(checkClaims("It emits 0.00232 t CO2e.", allowed).ok).toBe(true);
  });

  it("rejects a rounding finer than the record allows", () => {
    expect(failedTexts("It emits 2.4 kg CO2e.")).toEqual(["2.4 kg CO2e"]);
    expect(failedTexts("It emits 2.33 kg.")).toEqual(["2.33 kg"]);
  });

  it("reads thousands separators and plain digits alike", () => {
    expect(checkClaims("Starting now would emit 1,234 g.", allowed).ok).toBe(true);
    expect(checkClaims("Starting now would emit 1234 g.", allowed).ok).toBe(true);
    expect(failedTexts("Starting now would emit 1,243 g.")).toEqual(["1,243 g"]);
  });

  it("checks percentages, energy, durations, GPUs and intensities in their units", () => {
    expect(checkClaims("A 12.5% saving on 3.6 kWh over 2 hours (120 min) on 8 GPUs at 264 gCO2e/kWh.", allowed).ok).toBe(true);
    expect(checkClaims("It used 3,600 Wh, or 0.0036 MWh.", allowed).ok).toBe(true);
    // 12.5% rounds to 13% at the precision written, but never to 14%.
    expect(checkClaims("A 13% saving.", allowed).ok).toBe(true);
    expect(failedTexts("A 14% saving.")).toEqual(["14%"]);
    expect(failedTexts("It runs 3 h.")).toEqual(["3 h"]);
    expect(failedTexts("It uses 4.1 kWh.")).toEqual(["4.1 kWh"]);
    expect(failedTexts("It needs 16 GPUs.")).toEqual(["16 GPUs"]);
  });

  it("does not accept a number in a different dimension", () => {
    // 12.5 exists as a percentage, not as hours.
    expect(failedTexts("It waited 12.5 h.")).toEqual(["12.5 h"]);
  });

  it("accepts a unitless number that the record holds and rejects one it does not", () => {
    expect(checkClaims("Verdant weighed 3 clusters.", allowed).ok).toBe(true);
    expect(failedTexts("Verdant weighed 5 clusters.")).toEqual(["5"]);
  });

  it("ignores digits inside names, CO2e, list markers and identifiers", () => {
    const result = checkClaims("1. tor-hub-1 ran it on A100 GPUs.\n2. CO2e was 2.3 kg.", allowed);
    expect(result.failed).toEqual([]);
    expect(findNumberClaims("decision cmabc123 on v2")).toEqual([]);
  });

  it("fails a made-up number even among correct ones", () => {
    const result = checkClaims("It emits 2.3 kg CO2e instead of 1,234 g, saving 47%.", allowed);
    expect(result.ok).toBe(false);
    expect(result.failed).toEqual([expect.objectContaining({ kind: "number", text: "47%" })]);
    expect(result.checkedClaims).toBe(3);
  });
});

describe("checkClaims: names", () => {
  it("fails a fleet cluster the record does not mention", () => {
    const result = checkClaims("It was not sent to sjc-regional-1 but to tor-hub-1.", allowed);
    expect(result.failed).toEqual([expect.objectContaining({ kind: "cluster", text: "sjc-regional-1" })]);
  });

  it("fails another tenant's name and an unmentioned GPU model, matching case-insensitively", () => {
    expect(checkClaims("Aurora labs asked for A100 GPUs.", allowed).ok).toBe(true);
    const result = checkClaims("Borealis AI was ahead; an H800 would have started sooner.", allowed);
    expect(result.failed.map((f) => f.kind)).toEqual(["tenant", "model"]);
  });

  it("spots a GPU-model-like token outside the vocabulary", () => {
    const { vocabulary: _, ...bare } = allowed;
    expect(checkClaims("An H100 was never considered.", bare).failed).toEqual([expect.objectContaining({ kind: "model", text: "H100" })]);
    expect(checkClaims("It runs on A100.", bare).ok).toBe(true);
    // A priority class such as "P1" is not a GPU model.
    expect(checkClaims("Its class P1 may preempt.", { ...bare, numbers: [] }).failed).toEqual([]);
  });
});

describe("checkClaims: dates and times", () => {
  it("accepts ISO instants, dates and clock times that render a recorded instant", () => {
    expect(checkClaims("It starts at 2026-03-15T14:00:00Z.", allowed).ok).toBe(true);
    expect(checkClaims("It starts on 2026-03-15 at 14:00 UTC.", allowed).ok).toBe(true);
    expect(checkClaims("It starts at 2 pm and ends at 6:30 p.m.", allowed).ok).toBe(true);
    expect(checkClaims("It starts on 15 March at 3 pm CET.", allowed).ok).toBe(true);
    expect(checkClaims("It starts on Mar 15, 2026 at 10:00 America/New_York.", allowed).ok).toBe(true);
  });

  it("accepts a time to the minute that is cut off as well as one that is rounded, but not a minute later", () => {
    const withSeconds: AllowedFacts = { ...allowed, times: ["2026-03-15T17:35:56.000Z"] };
    expect(checkClaims("It started at 17:35 UTC.", withSeconds).ok).toBe(true);
    expect(checkClaims("It started at 17:36 UTC.", withSeconds).ok).toBe(true);
    expect(checkClaims("It started at 2026-03-15T17:35Z.", withSeconds).ok).toBe(true);
    expect(checkClaims("It started at 17:37 UTC.", withSeconds).ok).toBe(false);
    expect(checkClaims("It started at 17:34 UTC.", withSeconds).ok).toBe(false);
  });

  it("rejects a time or date the record does not hold", () => {
    expect(failedTexts("It starts at 15:00 UTC.")).toEqual(["15:00 UTC"]);
    expect(failedTexts("It starts at 2 pm CET.")).toEqual(["2 pm CET"]);
    expect(failedTexts("It starts on 2026-03-16.")).toEqual(["2026-03-16"]);
    expect(failedTexts("It starts at 2026-03-15T14:05Z.")).toEqual(["2026-03-15T14:05Z"]);
    expect(failedTexts("It starts on 16 March.")).toEqual(["16 March"]);
  });

  it("does not read a time's digits as numbers", () => {
    expect(findTimeClaims("at 14:00 UTC")).toEqual([expect.objectContaining({ kind: "clock", value: 840, zone: 0 })]);
    expect(checkClaims("At 14:00 it started.", allowed).checkedClaims).toBe(1);
  });
});
