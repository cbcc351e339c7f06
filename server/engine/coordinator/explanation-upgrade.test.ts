/**
 * Stored explanations of version 1 (recorded by the previous engine, in __fixtures__) still read:
 * they upgrade to the current version, validate, render, and their upgraded form is golden.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COORDINATOR_EXPLANATION_VERSION } from "./explanation-schema";
import { parseCoordinatorExplanation, upgradeClusterReasonV1, upgradeNodeReasonV1 } from "./explanation-upgrade";
import { formatExplanation } from "./format";

const stored = JSON.parse(readFileSync(join(__dirname, "__fixtures__", "v1-explanations.json"), "utf8")) as Record<string, { version: number }>;

describe("explanation upgrade", () => {
  it.each(Object.keys(stored))("version-1 %s explanation upgrades, validates and renders (golden)", (name) => {
    const v1 = stored[name] as { version: number };
    expect(v1.version).toBe(1);
    const e = parseCoordinatorExplanation(v1);
    expect(e.version).toBe(COORDINATOR_EXPLANATION_VERSION);
    // Upgrading is idempotent: the current version passes through unchanged.
    expect(parseCoordinatorExplanation(JSON.parse(JSON.stringify(e)))).toEqual(e);
    expect({
      clusters: e.clusters.map((c) => ({ id: c.clusterId, verdict: c.verdict, filters: c.filters.filter((f) => !f.passed) })),
      reasonHistogram: e.reasonHistogram,
      couldEverRun: e.couldEverRun,
    }).toMatchSnapshot();
    expect(formatExplanation(e)).toMatchSnapshot();
  });

  const clusterCases = [
    {
      v1: { code: "INSUFFICIENT_CAPACITY", unit: "gpus", requested: 8, available: 4, detail: "A100" },
      v2: { code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: 8, available: 4, subject: "A100" },
    },
    {
      v1: { code: "INSUFFICIENT_CAPACITY", unit: "milliGpu", requested: 500, available: 300 },
      v2: { code: "NO_GPU_WITH_ENOUGH_SHARE", resource: "gpu-share", unit: "milliGpu", requested: 500, available: 300 },
    },
    {
      v1: { code: "INSUFFICIENT_CAPACITY", unit: "members", requested: 8, available: 2, limit: 3 },
      v2: { code: "GANG_TOO_LARGE", resource: "gang", unit: "nodes", requested: 3, available: 2 },
    },
    { v1: { code: "NO_SUITABLE_GPU_MODEL", detail: "cluster has H100,T4" }, v2: { code: "GPU_MODEL_ABSENT", resource: "gpu-model" } },
    {
      v1: { code: "REGION_NOT_ALLOWED", detail: "us-west not in eu-central,eu-north" },
      v2: { code: "REGION_NOT_ALLOWED", resource: "region", subject: "us-west" },
    },
    {
      v1: { code: "TENANT_GPU_QUOTA", unit: "gpus", requested: 4, available: 2, limit: 4, over: 2 },
      v2: { code: "TENANT_GPU_QUOTA", resource: "quota", unit: "gpus", requested: 4, available: 2, limit: 4 },
    },
    { v1: { code: "CLUSTER_NOT_ACTIVE", detail: "draining" }, v2: { code: "CLUSTER_NOT_ACTIVE", resource: "cluster", subject: "draining" } },
    {
      v1: { code: "CARBON_BUDGET", unit: "kgCo2e", requested: 2, available: 1, limit: 10, over: 1 },
      v2: { code: "CARBON_BUDGET", resource: "carbon-budget", unit: "kgCo2e", requested: 2, available: 1, limit: 10 },
    },
  ];
  it.each(clusterCases)("cluster reason $v1.code ($v1.unit) -> $v2.code", ({ v1, v2 }) => {
    expect(upgradeClusterReasonV1(v1)).toEqual(v2);
  });

  it("node reasons: free becomes available, detail becomes subject", () => {
    expect(upgradeNodeReasonV1({ code: "INSUFFICIENT_GPUS", unit: "gpus", requested: 2, free: 1, capacity: 8 })).toEqual({
      code: "INSUFFICIENT_GPUS",
      resource: "gpu-count",
      unit: "gpus",
      requested: 2,
      available: 1,
      capacity: 8,
    });
    expect(upgradeNodeReasonV1({ code: "GPU_MODEL_NOT_ALLOWED", detail: "T4" })).toEqual({
      code: "GPU_MODEL_NOT_ALLOWED",
      resource: "gpu-model",
      subject: "T4",
    });
  });

  it("an unknown version is refused with a validation error", () => {
    expect(() => parseCoordinatorExplanation({ ...(stored.placed as object), version: 99 })).toThrow();
  });
});
