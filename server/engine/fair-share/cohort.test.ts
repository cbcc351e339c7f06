import { describe, expect, it } from "vitest";
import type { TenantModelQuota, TenantUsage } from "../coordinator/types";
import { chargeCohortQuota, checkCohortQuota, cohortConstrains, cohortStanding, lendableOf } from "./cohort";

const q = (
  gpuModel: string,
  nominalGpus: number,
  gpusInUse: number,
  borrowingLimitGpus: number | null = null,
  lendingLimitGpus: number | null = null,
): TenantModelQuota => ({
  gpuModel,
  nominalGpus,
  gpusInUse,
  borrowingLimitGpus,
  lendingLimitGpus,
});
const t = (tenant: string, ...modelQuotas: TenantModelQuota[]): TenantUsage => ({
  tenant,
  maxGpus: 1000,
  gpusInUse: modelQuotas.reduce((s, m) => s + m.gpusInUse, 0),
  carbonBudgetKgPerMonth: null,
  carbonUsedKgThisMonth: 0,
  modelQuotas,
});

describe("cohort quotas", () => {
  it("a model without quota rows is not constrained", () => {
    expect(cohortConstrains([t("a", q("A100", 4, 0))], "H100")).toBe(false);
    expect(cohortConstrains([t("a"), t("b", q("H100", 2, 0))], "H100")).toBe(true);
  });

  it("lends idle nominal GPUs up to the lending limit", () => {
    expect(lendableOf(q("A100", 8, 3))).toBe(5);
    expect(lendableOf(q("A100", 8, 3, null, 2))).toBe(2);
    expect(lendableOf(q("A100", 8, 10))).toBe(0);
  });

  it("passes within nominal even when the cohort has nothing to lend", () => {
    const cohort = [t("a", q("A100", 4, 1)), t("b", q("A100", 4, 4))];
    expect(checkCohortQuota(cohort, "a", "A100", 3).kind).toBe("within-nominal");
  });

  it("borrows other tenants' idle quota and counts only the GPUs above nominal as borrowed", () => {
    const cohort = [t("a", q("A100", 4, 2)), t("b", q("A100", 8, 3))];
    const v = checkCohortQuota(cohort, "a", "A100", 6);
    expect(v.kind).toBe("borrowing");
    if (v.kind === "borrowing") expect(v.borrowedGpus).toBe(4);
    expect(v.standing.lentByOthers).toBe(5);
    expect(v.standing.maxHold).toBe(9);
  });

  it("refuses beyond the borrowing limit, naming it, and is unresolvable only past nominal+limit", () => {
    const cohort = [t("a", q("A100", 4, 4, 2)), t("b", q("A100", 8, 0))];
    const over = checkCohortQuota(cohort, "a", "A100", 3);
    expect(over).toMatchObject({ kind: "over", bound: "borrowing-limit", everFits: true });
    const never = checkCohortQuota(cohort, "a", "A100", 7);
    expect(never).toMatchObject({ kind: "over", bound: "borrowing-limit", everFits: false });
  });

  it("subtracts what other tenants already borrow from what the cohort can lend", () => {
    // b lends 6 idle GPUs; c already borrows 4 of them, so a may borrow 2 more.
    const cohort = [t("a", q("A100", 2, 2)), t("b", q("A100", 8, 2)), t("c", q("A100", 2, 6))];
    const s = cohortStanding(cohort, "a", "A100");
    expect(s.lentByOthers).toBe(6);
    expect(s.borrowedByOthers).toBe(4);
    expect(s.borrowCeiling).toBe(2);
    expect(checkCohortQuota(cohort, "a", "A100", 2).kind).toBe("borrowing");
    expect(checkCohortQuota(cohort, "a", "A100", 3)).toMatchObject({ kind: "over", bound: "cohort", everFits: true });
  });

  it("a tenant without a row on a constrained model has nominal 0 and may only borrow", () => {
    const cohort = [t("a"), t("b", q("A100", 4, 1, null, 2))];
    const v = checkCohortQuota(cohort, "a", "A100", 2);
    expect(v).toMatchObject({ kind: "borrowing", borrowedGpus: 2 });
    expect(checkCohortQuota(cohort, "a", "A100", 3)).toMatchObject({ kind: "over", bound: "cohort", everFits: false });
  });

  it("charges a placement so the next decision sees the quota used", () => {
    const cohort = [t("a", q("A100", 4, 2)), t("b", q("A100", 4, 0))];
    const after = chargeCohortQuota(cohort, "a", "A100", 3);
    expect(after[0]?.modelQuotas?.[0]?.gpusInUse).toBe(5);
    expect(cohortStanding(after, "a", "A100").borrowedGpus).toBe(1);
    expect(chargeCohortQuota(cohort, "a", "H100", 1)).toBe(cohort);
    const created = chargeCohortQuota([t("a"), t("b", q("A100", 4, 0))], "a", "A100", 1);
    expect(created[0]?.modelQuotas).toEqual([q("A100", 0, 1)]);
  });
});
