import { describe, expect, it } from "vitest";
import { cohortFields, heldByTenantModel, type TenantQuotaRows } from "./cohort-usage";

const node = (gpuModelId: string | null, shares: { jobId: string; milli: number }[][]) => ({ gpuModelId, gpus: shares.map((s) => ({ shares: s })) });

describe("cohort usage from the database rows", () => {
  it("sums held shares per tenant and model, skipping GPU-less nodes and unknown jobs", () => {
    const held = heldByTenantModel(
      [
        {
          nodes: [
            node("A100", [
              [{ jobId: "j1", milli: 1000 }],
              [
                { jobId: "j1", milli: 500 },
                { jobId: "j2", milli: 250 },
              ],
              [{ jobId: "gone", milli: 1000 }],
            ]),
          ],
        },
        { nodes: [node("H100", [[{ jobId: "j2", milli: 1000 }]]), node(null, [])] },
      ],
      new Map([
        ["j1", "a"],
        ["j2", "b"],
      ]),
    );
    expect(held.get("a")).toEqual(new Map([["A100", 1.5]]));
    expect(held.get("b")).toEqual(
      new Map([
        ["A100", 0.25],
        ["H100", 1],
      ]),
    );
  });

  it("gives every tenant a row for every model some tenant has a quota for, and leaves the default weight out", () => {
    const tenants: TenantQuotaRows[] = [
      { id: "a", quota: { fairShareWeight: 2 }, gpuQuotas: [{ gpuModelId: "A100", nominalGpus: 4, borrowingLimitGpus: 2, lendingLimitGpus: null }] },
      { id: "b", quota: { fairShareWeight: 1 }, gpuQuotas: [] },
      { id: "c", quota: null },
    ];
    const held = new Map([["b", new Map([["A100", 3]])]]);
    expect(cohortFields(tenants[0]!, tenants, held)).toEqual({
      fairShareWeight: 2,
      modelQuotas: [{ gpuModel: "A100", nominalGpus: 4, borrowingLimitGpus: 2, lendingLimitGpus: null, gpusInUse: 0 }],
    });
    expect(cohortFields(tenants[1]!, tenants, held)).toEqual({
      modelQuotas: [{ gpuModel: "A100", nominalGpus: 0, borrowingLimitGpus: null, lendingLimitGpus: null, gpusInUse: 3 }],
    });
    expect(cohortFields(tenants[2]!, [tenants[2]!], held)).toEqual({});
  });
});
