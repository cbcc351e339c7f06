import { describe, expect, it } from "vitest";
import { describeReason, singularPredicate } from "./render-reason";
import { summarizeStep } from "./summary";

describe("reason phrases agree with their count", () => {
  it("makes the leading verb singular for exactly one subject", () => {
    expect(describeReason({ code: "CLUSTER_NOT_ACTIVE", resource: "cluster", subject: "DRAINING" }, "cluster", 1)).toBe("is not active (DRAINING)");
    expect(describeReason({ code: "CLUSTER_NOT_ACTIVE", resource: "cluster", subject: "DRAINING" }, "cluster", 2)).toBe("are not active (DRAINING)");
    expect(singularPredicate("would save only 3 gCO2e")).toBe("would save only 3 gCO2e");
  });

  it("counts GPUs and cores in the singular when there is one", () => {
    expect(describeReason({ code: "INSUFFICIENT_GPUS", resource: "gpu-count", requested: 1, available: 0 }, "cluster", 1)).toBe(
      "lacks 1 free GPU on one node (most free: 0)",
    );
    expect(describeReason({ code: "INSUFFICIENT_CPU", resource: "cpu", requested: 1000 }, "node", 3)).toBe("lack 1 CPU core");
  });

  it("writes '1 node lacks' in a step summary", () => {
    const summary = summarizeStep(
      5,
      0,
      { INSUFFICIENT_CPU: 4, NODE_NOT_READY: 1 },
      new Map([["INSUFFICIENT_CPU", { code: "INSUFFICIENT_CPU", resource: "cpu", requested: 8000 }]]),
    );
    expect(summary).toBe("0/5 nodes can host this job: 4 lack 8 CPU cores, 1 is not ready");
  });
});
