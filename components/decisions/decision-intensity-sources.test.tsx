// The intensity-provenance card rendered from explanations: the hours per kind with models and issue
// times, the synthetic marker, the deferral check with its reason, the signal comparison, and the
// fallback wording for explanations stored before per-kind sources were kept.
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseCoordinatorExplanation, type CoordinatorExplanation } from "@/server/engine";
import { DecisionIntensitySources } from "./decision-intensity-sources";

const FIXTURES = JSON.parse(readFileSync("server/engine/coordinator/__fixtures__/v1-explanations.json", "utf8")) as Record<string, unknown>;
const T = Date.UTC(2026, 2, 15, 12);

function withSources(e: CoordinatorExplanation): CoordinatorExplanation {
  const chosen = e.chosen[0]!;
  const carbon = {
    ...chosen.carbon,
    provenance: {
      ...chosen.carbon.provenance,
      sources: [
        { kind: "measured" as const, hours: 18, provider: "electricitymaps" },
        { kind: "provider-forecast" as const, hours: 2, provider: "demo", forecastIssuedAtMs: T, synthetic: true },
        { kind: "verdant-forecast" as const, hours: 4, provider: "verdant", model: "seasonal-level-persistence@1", forecastIssuedAtMs: T },
      ],
    },
    deferral: {
      savingGCo2e: 0.04,
      savingPct: 0.5,
      minSavingPct: 0,
      minSavingGCo2e: 5,
      forecastErrorGCo2e: 2.8,
      relativeErrorPct: 35,
      horizonHours: 6,
      errorBasis: "default" as const,
      worthWaiting: false,
      reasons: [{ code: "DEFERRAL_BELOW_MINIMUM_SAVING" as const, resource: "carbon-saving" as const, unit: "gCo2e" as const, requested: 0.04, limit: 5 }],
    },
  };
  return { ...e, chosen: [{ ...chosen, carbon }], signalComparison: { decidedOn: "average/lifecycle", excludedClusterIds: [e.clusters[0]!.clusterId] } };
}

describe("DecisionIntensitySources", () => {
  it("lists the hours of every kind with model, issue time and the synthetic marker, the deferral check and the left-out clusters", () => {
    const e = withSources(parseCoordinatorExplanation(FIXTURES.placed));
    const html = renderToStaticMarkup(<DecisionIntensitySources explanation={e} chosen={e.chosen[0]!} />);
    expect(html).toContain("18 h measured, 2 h provider forecast, 4 h Verdant forecast, 0 h annual average");
    expect(html).toContain("4 h Verdant forecast (seasonal-level-persistence@1, issued");
    expect(html).toContain("synthetic: measured value + noise");
    expect(html).toContain("would save only 0.04 g CO2e by waiting, below the policy&#x27;s minimum of 5 g CO2e");
    expect(html).toContain("default: no measurement for this zone");
    expect(html).toContain(`left out for reporting another signal: ${e.clusters[0]!.name}`);
  });

  it("says when an older explanation could not tell forecasts from the annual average", () => {
    const e = parseCoordinatorExplanation(FIXTURES.placed);
    const html = renderToStaticMarkup(<DecisionIntensitySources explanation={e} chosen={e.chosen[0]!} />);
    expect(html).toContain("recorded before the kinds were kept apart");
    expect(html).not.toContain('data-testid="deferral-check"');
  });
});
