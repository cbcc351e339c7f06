import { describe, expect, it } from "vitest";
import { createCoordinator } from "../coordinator";
import { coordinatorExplanationSchema } from "../explanation-schema";
import { formatExplanation } from "../format";
import { DEFAULT_COORDINATOR_POLICY } from "../policy";
import { cluster, fleet, job, nodes, WORKLOAD, ZONES } from "../test-fixtures";
import type { TenantModelQuota, TenantUsage } from "../types";
import { borrowedGpusOfExplanation } from "../borrowing-section";

const coordinator = () => createCoordinator({ policy: DEFAULT_COORDINATOR_POLICY, workload: WORKLOAD });
const q = (nominalGpus: number, gpusInUse: number, borrowingLimitGpus: number | null = null, gpuModel = "A100"): TenantModelQuota => ({
  gpuModel,
  nominalGpus,
  gpusInUse,
  borrowingLimitGpus,
  lendingLimitGpus: null,
});
const tenant = (name: string, ...modelQuotas: TenantModelQuota[]): TenantUsage => ({
  tenant: name,
  maxGpus: 64,
  gpusInUse: modelQuotas.reduce((s, m) => s + m.gpusInUse, 0),
  carbonBudgetKgPerMonth: null,
  carbonUsedKgThisMonth: 0,
  modelQuotas,
});
const oneCluster = (tenants: TenantUsage[]) =>
  fleet({ clusters: [cluster("c", { region: "eu", zone: "NO", specs: nodes("n", 2, "A100"), series: ZONES.hydro() })], tenants });
const decide = (tenants: TenantUsage[], gpuCount: number) => coordinator().decide(oneCluster(tenants), job({ gpuCount }), { seed: 1 });
const cohortRecord = (d: ReturnType<typeof decide>) => d.explanation.clusters[0]?.filters.find((f) => f.filter.startsWith("cohort-quota"));

describe("cohort-quota filter", () => {
  it("passes within nominal without recording borrowing", () => {
    const d = decide([tenant("acme", q(4, 0)), tenant("other", q(4, 0))], 4);
    expect(d.outcome).toBe("placed");
    expect(cohortRecord(d)).toMatchObject({ verdict: "pass", reasons: [] });
    expect(d.explanation.borrowing).toBeUndefined();
  });

  it("records borrowed GPUs when the job runs above nominal on idle quota, and the explanation says so", () => {
    const d = decide([tenant("acme", q(2, 1)), tenant("other", q(8, 2))], 4);
    expect(d.outcome).toBe("placed");
    expect(cohortRecord(d)?.reasons).toEqual([{ code: "COHORT_BORROWING", resource: "quota", unit: "gpus", requested: 3, available: 6, subject: "A100" }]);
    expect(d.explanation.borrowing).toEqual({ gpus: 3, models: [{ gpuModel: "A100", gpus: 3, borrowingLimitGpus: null }] });
    expect(coordinatorExplanationSchema.parse(d.explanation)).toBeTruthy();
    expect(borrowedGpusOfExplanation(JSON.parse(JSON.stringify(d.explanation)))).toBe(3);
    expect(formatExplanation(d.explanation)).toMatch(
      /Runs on borrowed quota: 3 A100 GPUs above the tenant's nominal quota.*may be preempted when a lender needs its quota back/,
    );
  });

  it("refuses beyond the borrowing limit with the reason named, waiting while the limit could fit", () => {
    const d = decide([tenant("acme", q(2, 2, 1)), tenant("other", q(8, 0))], 2);
    expect(d.outcome).toBe("unschedulable");
    expect(d.couldEverRun).toBe(true);
    expect(cohortRecord(d)).toMatchObject({
      verdict: "unfit",
      reasons: [{ code: "BORROWING_LIMIT", requested: 2, available: 1, limit: 3, capacity: 3, subject: "A100" }],
    });
    expect(d.explanation.reasonHistogram).toEqual({ BORROWING_LIMIT: 1 });
    expect(formatExplanation(d.explanation)).toMatch(/borrowing limit/);
  });

  it("is unresolvable when even an empty fleet could not lend enough", () => {
    const d = decide([tenant("acme", q(2, 0, 1)), tenant("other", q(8, 0))], 4);
    expect(cohortRecord(d)?.verdict).toBe("unfit-unresolvable");
    expect(d.couldEverRun).toBe(false);
  });

  it("refuses when the cohort has nothing idle to lend (COHORT_QUOTA)", () => {
    const d = decide([tenant("acme", q(2, 2)), tenant("other", q(4, 4))], 1);
    expect(cohortRecord(d)).toMatchObject({ verdict: "unfit", reasons: [{ code: "COHORT_QUOTA", requested: 1, available: 0, limit: 2, capacity: 6 }] });
  });

  it("does not apply to a model no tenant has a quota row for", () => {
    const d = decide([tenant("acme", q(0, 0, 0, "H100")), tenant("other")], 4);
    expect(d.outcome).toBe("placed");
    expect(cohortRecord(d)).toBeUndefined();
  });
});
