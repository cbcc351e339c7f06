import { describe, expect, it } from "vitest";
import { containsFact, numbersIn } from "./match-facts";

describe("expected facts in an answer", () => {
  it("finds a number in any unit of its dimension, to the precision written or within 1 %", () => {
    const fact = { name: "emissions", kind: "number", value: 2320.4, unit: "gCO2e" } as const;
    expect(containsFact("It emits 2.32 kg CO2e.", fact)).toBe(true);
    expect(containsFact("It emits 2,320 gCO2e.", fact)).toBe(true);
    expect(containsFact("It emits 2.4 kg CO2e.", fact)).toBe(false);
    expect(containsFact("It emits 3,320 g.", fact)).toBe(false);
    expect(numbersIn("waited 1.5 h", "min")).toEqual([{ value: 90, tolerance: 3 }]);
    expect(containsFact("They waited 1.5 hours.", { name: "week-mean-wait", kind: "number", value: 91, unit: "min" })).toBe(true);
  });

  it("finds names as whole words, outcomes by their verbs, and instants cut or rounded to the minute", () => {
    expect(containsFact("It runs on tor-hub-1.", { name: "cluster", kind: "name", value: "tor-hub-1" })).toBe(true);
    expect(containsFact("It runs on tor-hub-10.", { name: "cluster", kind: "name", value: "tor-hub-1" })).toBe(false);
    expect(containsFact("The job was deferred to a cleaner hour.", { name: "outcome", kind: "outcome", value: "deferred" })).toBe(true);
    expect(containsFact("The job was deferred to a cleaner hour.", { name: "outcome", kind: "outcome", value: "placed" })).toBe(false);
    const start = { name: "start", kind: "time", value: "2026-03-15T17:35:56.000Z" } as const;
    expect(containsFact("It starts at 17:36 UTC.", start)).toBe(true);
    expect(containsFact("It starts at 2026-03-15T17:35Z.", start)).toBe(true);
    expect(containsFact("It starts at 18:35 UTC.", start)).toBe(false);
  });
});
