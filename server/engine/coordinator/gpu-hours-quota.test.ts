/** A tenant's monthly GPU-hours through the coordinator: the reason, the verdict and the fixes offered. */
import { describe, expect, it } from "vitest";
import { createCoordinator } from "./coordinator";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { fleet, job, T0_MS, WORKLOAD } from "./test-fixtures";
import type { TenantUsage } from "./types";

const MONTH_END_MS = Date.UTC(2023, 1, 1);
const usage = (over: Partial<TenantUsage>): TenantUsage => ({
  tenant: "acme",
  maxGpus: 64,
  gpusInUse: 0,
  carbonBudgetKgPerMonth: null,
  carbonUsedKgThisMonth: 0,
  monthEndMs: MONTH_END_MS,
  ...over,
});
const decide = (t: TenantUsage, hours = 10) =>
  createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD }).decide(
    fleet({ tenants: [t] }),
    job({ gpuCount: 4, estimatedDurationS: hours * 3600 }),
    {
      seed: 1,
    },
  );

describe("GPU-hours quota at placement", () => {
  it("places a job that fits what is left of the month", () => {
    expect(decide(usage({ maxGpuHoursPerMonth: 100, gpuHoursUsedThisMonth: 60 })).outcome).toBe("placed");
  });

  it("a job over the allowance is not placed, can still run later, and a shorter run that fits is offered", () => {
    // 4 GPUs x 10 h = 40 GPU-hours; 30 left: 7.5 h fits.
    const d = decide(usage({ maxGpuHoursPerMonth: 100, gpuHoursUsedThisMonth: 70 }));
    expect(d.outcome).toBe("unschedulable");
    expect(d.couldEverRun).toBe(true);
    expect(d.explanation.reasonHistogram).toEqual({ TENANT_GPU_HOURS_QUOTA: 3 });
    expect(d.explanation.counterfactuals.fixes[0]).toMatchObject({ change: "shorter-run", value: 7.5 * 3600 });
    expect(formatExplanation(d.explanation)).toMatch(/past its monthly GPU-hour allowance by 10 GPU-hours/);
  });

  it("with nothing left, no change to the request helps until the month renews", () => {
    const d = decide(usage({ maxGpuHoursPerMonth: 100, gpuHoursUsedThisMonth: 100 }));
    expect(d.outcome).toBe("unschedulable");
    expect(d.explanation.counterfactuals.fixes).toEqual([
      expect.objectContaining({
        change: "month-rollover",
        startMs: MONTH_END_MS,
        description: expect.stringMatching(/^no change to the request helps until 2023-02-01 00:00 UTC/),
      }),
    ]);
    expect(d.explanation.counterfactuals.fixesTried).toContain("month-rollover");
  });

  it("a job larger than the whole allowance can never run as submitted", () => {
    const d = decide(usage({ maxGpuHoursPerMonth: 30, gpuHoursUsedThisMonth: 0 }));
    expect(d.couldEverRun).toBe(false);
    expect(d.explanation.counterfactuals.fixes.map((f) => f.change)).not.toContain("month-rollover");
  });

  it("ignores a tenant without an allowance", () => {
    expect(decide(usage({ maxGpuHoursPerMonth: null, gpuHoursUsedThisMonth: 1e9 })).outcome).toBe("placed");
    expect(T0_MS).toBeLessThan(MONTH_END_MS);
  });
});
