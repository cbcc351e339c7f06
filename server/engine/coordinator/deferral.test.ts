import { describe, expect, it } from "vitest";
import { createIntensitySeries, type HourProvenance } from "../carbon/series";
import { createCoordinator } from "./coordinator";
import { DEFAULT_FORECAST_ERROR_PCT } from "./deferral-check";
import { parseCoordinatorExplanation } from "./explanation-upgrade";
import { formatExplanation } from "./format";
import { jobWindow } from "./job-window";
import { DEFAULT_COORDINATOR_POLICY, parseCoordinatorPolicy } from "./policy";
import { CATALOG, cluster, fleet, job, nodes, T0_MS, WORKLOAD } from "./test-fixtures";
import type { FleetCluster } from "./types";

const H = 3_600_000;
const base = { provider: "p", signalType: "average", emissionFactorType: "lifecycle" } as const;

function policy(constraints: Record<string, unknown>) {
  return parseCoordinatorPolicy({ ...DEFAULT_COORDINATOR_POLICY, constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, ...constraints } });
}

/** One cluster whose intensity is `now` for the first 2 h and `later` after; `kind` labels the later hours. */
function oneCluster(now: number, later: number, kind: HourProvenance["kind"], forecastError?: FleetCluster["forecastError"]) {
  const series = createIntensitySeries({
    zone: "Z",
    startMs: T0_MS,
    gCo2ePerKwh: Array.from({ length: 48 }, (_, h) => (h < 2 ? now : later)),
    provenance: Array.from({ length: 48 }, (_, h) =>
      h < 2 ? { kind: "measured" as const, ...base } : { kind, ...base, ...(kind === "measured" ? {} : { forecastIssuedAtMs: T0_MS }) },
    ),
  });
  const c = cluster("z", { region: "r", zone: "Z", specs: nodes("z", 1, "A100"), series });
  return fleet({ clusters: [forecastError ? { ...c, forecastError } : c], gpuModels: CATALOG });
}

const flexible = job({ estimatedDurationS: 3600, earliestStartMs: T0_MS, deadlineMs: T0_MS + 30 * H });

describe("deferral worth its wait", () => {
  it("does not defer a 0.04 g saving: below the absolute minimum, with the numbers in the explanation", () => {
    // One A100 for 1 h is ~0.4 kWh; 0.1 g/kWh less is ~0.04 g. Known (measured) hours: no forecast error.
    const snap = oneCluster(100, 99.9, "measured");
    const d = createCoordinator({ policy: policy({ minDeferralSavingPct: 0 }), workload: WORKLOAD }).decide(snap, flexible, { seed: 1 });
    const carbon = d.explanation.clusters[0]?.carbon;
    expect(d.outcome).toBe("placed");
    expect(carbon?.deferral?.savingGCo2e).toBeGreaterThan(0.02);
    expect(carbon?.deferral?.savingGCo2e).toBeLessThan(0.06);
    expect(carbon?.deferral?.errorBasis).toBe("none");
    expect(carbon?.deferral?.reasons).toEqual([
      { code: "DEFERRAL_BELOW_MINIMUM_SAVING", resource: "carbon-saving", unit: "gCo2e", requested: carbon?.deferral?.savingGCo2e, limit: 5 },
    ]);
    expect(formatExplanation(d.explanation)).toMatch(/Not deferred: it would save only 0\.0\d g CO2e by waiting, below the policy's minimum of 5 g CO2e/);
    // Without the minimum the same saving defers: the rule, not the data, kept it from waiting.
    const lax = createCoordinator({ policy: policy({ minDeferralSavingPct: 0, minDeferralSavingGCo2e: 0 }), workload: WORKLOAD }).decide(snap, flexible, {
      seed: 1,
    });
    expect(lax.outcome).toBe("deferred");
  });

  it("does not defer when the forecast saving is within the zone's measured forecast error", () => {
    // 20 % cleaner later, on forecast hours whose measured error is 25 %: within the error.
    const noisy = oneCluster(500, 400, "provider-forecast", [{ fromHours: 0, toHours: 48, relativeErrorPct: 25 }]);
    const d = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(noisy, flexible, { seed: 1 });
    const deferral = d.explanation.clusters[0]?.carbon?.deferral;
    expect(d.outcome).toBe("placed");
    expect(deferral).toMatchObject({ relativeErrorPct: 25, errorBasis: "measured", worthWaiting: false });
    expect(deferral?.forecastErrorGCo2e).toBeCloseTo(0.25 * (d.explanation.clusters[0]?.carbon?.earliestGCo2e ?? 0), 6);
    expect(deferral?.reasons.map((r) => r.code)).toEqual(["DEFERRAL_WITHIN_FORECAST_ERROR"]);
    // A zone whose forecasts are measured to be 10 % off defers for the same 20 %.
    const good = oneCluster(500, 400, "provider-forecast", [{ fromHours: 0, toHours: 48, relativeErrorPct: 10 }]);
    expect(createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(good, flexible, { seed: 1 }).outcome).toBe("deferred");
  });

  it("uses the conservative default error where the zone has none measured", () => {
    const unmeasured = oneCluster(500, 400, "verdant-forecast");
    const d = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(unmeasured, flexible, { seed: 1 });
    expect(d.outcome).toBe("placed");
    expect(d.explanation.clusters[0]?.carbon?.deferral).toMatchObject({ relativeErrorPct: DEFAULT_FORECAST_ERROR_PCT, errorBasis: "default" });
  });

  it("anchors the longest wait at submission, so deciding again later cannot slide it", () => {
    const p = policy({ maxDeferralHours: 6 });
    const submitted = job({ submittedAtMs: T0_MS, deadlineMs: T0_MS + 48 * H });
    const ctx = (nowMs: number) => ({ nowMs, policy: p, catalog: new Map(), tenant: null, seed: 1 });
    expect(jobWindow(submitted, 3600, ctx(T0_MS)).carbonLatestMs).toBe(T0_MS + 6 * H);
    expect(jobWindow(submitted, 3600, ctx(T0_MS + 4 * H)).carbonLatestMs).toBe(T0_MS + 6 * H);
    // Past the anchored limit the job may still start now, never later for carbon.
    expect(jobWindow(submitted, 3600, ctx(T0_MS + 9 * H)).carbonLatestMs).toBe(T0_MS + 9 * H);
    // A later earliest start moves the anchor with it.
    expect(jobWindow({ ...submitted, earliestStartMs: T0_MS + 2 * H }, 3600, ctx(T0_MS)).carbonLatestMs).toBe(T0_MS + 8 * H);
  });

  it("a reconsidered job does not chase a cleaner hour past its anchored window", () => {
    // Cleanest at +8 h; submitted at T0 with a 6 h limit; decided again at +4 h (measured hours: no error).
    const series = createIntensitySeries({
      zone: "Z",
      startMs: T0_MS,
      gCo2ePerKwh: Array.from({ length: 48 }, (_, h) => (h === 8 ? 50 : h === 6 ? 300 : 500)),
      provenance: { kind: "measured", ...base },
    });
    const snap = { ...fleet({ clusters: [cluster("z", { region: "r", zone: "Z", specs: nodes("z", 1, "A100"), series })] }), nowMs: T0_MS + 4 * H };
    const j = job({ estimatedDurationS: 3600, submittedAtMs: T0_MS, deadlineMs: T0_MS + 40 * H });
    const d = createCoordinator({ policy: policy({ maxDeferralHours: 6 }), workload: WORKLOAD }).decide(snap, j, { seed: 1 });
    expect(d.startMs).toBe(T0_MS + 6 * H);
  });
});

describe("intensity provenance in the explanation", () => {
  it("carries each hour's kind, model and issue time to the chosen part, and reads back through the parser", () => {
    const kinds: HourProvenance[] = [
      { kind: "measured", ...base },
      { kind: "provider-forecast", ...base, forecastIssuedAtMs: T0_MS - H },
      { kind: "verdant-forecast", ...base, provider: "verdant", model: "seasonal-level-persistence@1", forecastIssuedAtMs: T0_MS },
      { kind: "annual-average", ...base, provider: "zone annual average" },
    ];
    const series = createIntensitySeries({
      zone: "Z",
      startMs: T0_MS,
      gCo2ePerKwh: Array.from({ length: 48 }, () => 200),
      provenance: Array.from({ length: 48 }, (_, h) => kinds[Math.min(3, Math.floor(h / 2))] as HourProvenance),
    });
    const snap = fleet({ clusters: [cluster("z", { region: "r", zone: "Z", specs: nodes("z", 1, "A100"), series })] });
    const d = createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(snap, job({ estimatedDurationS: 8 * 3600 }), { seed: 1 });
    const provenance = parseCoordinatorExplanation(JSON.parse(JSON.stringify(d.explanation))).chosen[0]?.carbon.provenance;
    expect(provenance?.measuredHours).toBe(2);
    expect(provenance?.forecastHours).toBe(6);
    expect(provenance?.sources).toEqual([
      { kind: "measured", hours: 2, provider: "p" },
      { kind: "provider-forecast", hours: 2, provider: "p", forecastIssuedAtMs: T0_MS - H },
      { kind: "verdant-forecast", hours: 2, provider: "verdant", model: "seasonal-level-persistence@1", forecastIssuedAtMs: T0_MS },
      { kind: "annual-average", hours: 2, provider: "zone annual average" },
    ]);
  });
});
