import { describe, expect, it } from "vitest";
import { checkClaims } from "../claims/check-claims";
import { allowedFacts } from "./allowed";
import { fmt, mass, templateNarrative } from "./template";
import { weekFacts } from "./fixture.test-data";

describe("template narrative", () => {
  it("writes 4-7 sentences, each tagged with its fact and linking that fact's decisions", () => {
    const f = weekFacts();
    const s = templateNarrative(f);
    expect(s.length).toBeGreaterThanOrEqual(4);
    expect(s.length).toBeLessThanOrEqual(7);
    expect(s.map((x) => x.factId)).toEqual(["decisions", "clusters", "waits", "carbon", "clean-power", "disruption", "suggestion"]);
    expect(s.find((x) => x.factId === "waits")!.decisionIds).toEqual(f.waits.decisionIds);
    expect(s.find((x) => x.factId === "suggestion")!.text).toBe(
      "Cirrus Media waited 12 scheduling cycles on its GPU quota: raise its quota or its borrowing limit in Admin › Tenants.",
    );
    expect(s[2]!.text).toBe(
      "120 jobs were placed after a mean wait of 12.3 min (p95 61.2 min); Aurora Labs waited longest, 17 h over 50 jobs, mostly waiting for busy GPUs to free up (40 scheduling cycles).",
    );
  });

  it("passes the claim checker against its own facts, and a changed number does not", () => {
    const f = weekFacts();
    const text = templateNarrative(f)
      .map((x) => x.text)
      .join(" ");
    const check = checkClaims(text, allowedFacts(f));
    expect(check.failed).toEqual([]);
    expect(check.checkedClaims).toBeGreaterThan(15);
    expect(checkClaims(text.replace("61.2 min", "71.2 min"), allowedFacts(f)).ok).toBe(false);
    expect(
      checkClaims(text.replace("tor-hub-1", "sjc-regional-1"), { ...allowedFacts(f), vocabulary: { clusters: ["sjc-regional-1"], models: [], tenants: [] } })
        .ok,
    ).toBe(false);
  });

  it("says so when nothing happened, and a tenant's narrative names only its tenant", () => {
    const empty = weekFacts({
      audience: "tenant",
      tenant: "Borealis AI",
      decisions: { placed: 0, deferred: 0, unschedulable: 0, cycles: 0, decisionIds: [], decisionCount: 0 },
      clusters: { busiest: [], placements: 0, decisionIds: [], decisionCount: 0 },
      waits: { jobs: 0, meanMin: null, p95Min: null, top: null, reason: null, decisionIds: [], decisionCount: 0 },
      carbon: { jobs: 0, actualKg: 0, baselineKg: 0, savedKg: 0, savedPct: null, methods: [], decisionIds: [], decisionCount: 0 },
      cleanPower: { jobs: 0, savedKg: 0, delayH: 0, decisionIds: [], decisionCount: 0 },
      disruption: { preemptions: 0, lostGpuHours: 0, uncheckpointed: 0, shrunk: 0, backfills: 0, decisionIds: [], decisionCount: 0 },
      suggestions: [],
    });
    const s = templateNarrative(empty).map((x) => x.text);
    expect(s[0]).toBe("The scheduler made no decision for Borealis AI in this period.");
    expect(s).toContain("No job of Borealis AI was placed in this period.");
    expect(s).toContain("No job was deferred for cleaner power.");
    expect(s.join(" ")).not.toMatch(/Aurora|Cirrus/);
  });

  it("writes numbers to the precision the checker reads them at", () => {
    expect(fmt(1234.4)).toBe("1,234");
    expect(fmt(12.345)).toBe("12.3");
    expect(fmt(0.0444)).toBe("0.04");
    expect(mass(0.104)).toBe("104 g CO2e");
    expect(mass(1.29)).toBe("1.3 kg CO2e");
  });
});
