import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCoordinatorExplanation } from "@/server/engine";
import { checkClaims } from "../claims/check-claims";
import { groundingFacts, numbersInText } from "./collect-facts";
import { decisionContext } from "./decision-context";

const FIXTURES = JSON.parse(readFileSync("server/engine/coordinator/__fixtures__/v1-explanations.json", "utf8")) as Record<string, unknown>;
const names = { decisionId: "d-1", jobName: "train", tenantName: "Acme", seesAllTenants: true, jobNames: new Map<string, string>() };

function grounded(fixture: string) {
  const e = parseCoordinatorExplanation(FIXTURES[fixture]);
  const built = decisionContext(e, names);
  const facts = groundingFacts([built.context, e], built.templateText.split("\n"));
  return { e, built, allowed: { ...facts, clusters: built.clusters, models: built.models, tenants: ["Acme"] } };
}

describe("decisionContext", () => {
  it("states the chosen option with ISO times, its CO2e and its wait, and names every considered cluster", () => {
    const { e, built } = grounded("placed");
    const chosen = built.context.chosen[0]!;
    expect(chosen.start).toBe(new Date(e.chosen[0]!.startMs).toISOString());
    expect(chosen.emissionsGCo2e).toBeCloseTo(e.chosen[0]!.carbon.chosenGCo2e, 2);
    expect(built.clusters).toEqual(e.clusters.map((c) => c.name));
    expect(built.context.consideredClusters).toBe(e.clusters.length);
  });

  it("lets a true sentence about the record pass the checker, and a changed number fail", () => {
    const { built, allowed } = grounded("placed");
    const chosen = built.context.chosen[0]!;
    const kg = (chosen.emissionsGCo2e / 1000).toFixed(2);
    expect(checkClaims(`It runs on ${chosen.cluster} from ${chosen.start} and emits ${kg} kg CO2e.`, allowed)).toMatchObject({ ok: true, checkedClaims: 3 });
    const wrong = (chosen.emissionsGCo2e * 1.5 + 10).toFixed(0);
    expect(checkClaims(`It emits ${wrong} g CO2e.`, allowed).ok).toBe(false);
  });

  it("the record's own template text passes the checker against the facts of its context", () => {
    for (const fixture of Object.keys(FIXTURES)) {
      const { built, allowed } = grounded(fixture);
      const check = checkClaims(built.templateText, allowed);
      expect({ fixture, failed: check.failed }).toEqual({ fixture, failed: [] });
    }
  });

  it("does not name another tenant's job for a tenant viewer", () => {
    const e = parseCoordinatorExplanation(FIXTURES.placed);
    const withWait = {
      ...e,
      capacityWait: {
        clusterId: e.clusters[0]!.clusterId,
        startMs: e.decidedAtMs,
        endMs: e.decidedAtMs + 1,
        nodes: [],
        freedBy: [{ jobId: "job-x", endMs: e.decidedAtMs, nodeNames: [] }],
        freedByCount: 1,
      },
    };
    const built = decisionContext(withWait, { ...names, seesAllTenants: false });
    expect(built.context.capacityWait?.freedBy).toEqual([{ job: "another job", end: new Date(e.decidedAtMs).toISOString() }]);
    expect(JSON.stringify(built.context)).not.toContain("job-x");
  });
});

describe("numbersInText", () => {
  it("reads the rendered text's numbers in base units, leaving dates and times out", () => {
    const numbers = numbersInText("Estimated 32.7 gCO2e over 3 h; it could start at 2023-01-01 10:00 UTC on pl-hub-2.", "text");
    expect(numbers.map((n) => [n.value, n.unit])).toEqual([
      [32.7, "gCO2e"],
      [10_800, "s"],
    ]);
  });
});
