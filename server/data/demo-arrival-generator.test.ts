import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseOpenbPods } from "../data/openb-csv";
import { createArrivalGenerator } from "./demo-arrival-generator";

const pods = parseOpenbPods(
  readFileSync(fileURLToPath(new URL("../../data/demo/openb_pod_list_default.csv", import.meta.url)), "utf8"),
  "openb_pod_list_default.csv",
);
const at = new Date("2026-03-15T12:00:00Z");

describe("demo arrival generator", () => {
  it("is deterministic for a seed and differs across seeds", () => {
    const draw = (seed: number) => {
      const g = createArrivalGenerator(pods, seed);
      return Array.from({ length: 50 }, () => g.next(at));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7).map((j) => j.name)).not.toEqual(draw(8).map((j) => j.name));
  });

  it("draws GPU pods of the trace with classes, tenants, windows, checkpoints and a few gangs by share", () => {
    const g = createArrivalGenerator(pods, 1);
    const jobs = Array.from({ length: 2000 }, () => g.next(at));
    const byName = new Map(pods.map((p) => [p.name.replace("openb-pod-", "trace-"), p]));
    for (const j of jobs.filter((x) => x.gangSize === 1)) {
      const pod = byName.get(j.name)!;
      expect(pod).toBeDefined();
      expect([j.gpuCount, j.gpuMilli, j.cpuMilli]).toEqual([pod.gpuCount, pod.gpuMilli, pod.cpuMilli]);
    }
    expect(jobs.every((j) => j.gpuCount > 0)).toBe(true);
    const share = (f: (j: (typeof jobs)[number]) => boolean) => jobs.filter(f).length / jobs.length;
    expect(share((j) => j.priorityClassId === "pc-production")).toBeCloseTo(0.15, 1);
    expect(share((j) => j.priorityClassId === "pc-best-effort")).toBeCloseTo(0.3, 1);
    expect(share((j) => j.tenantSlug === "cirrus-media")).toBeCloseTo(0.4, 1);
    expect(share((j) => j.gangSize > 1)).toBeGreaterThan(0.01);
    expect(share((j) => j.gangSize > 1)).toBeLessThan(0.06);
    expect(share((j) => j.deadlineAt !== null)).toBeCloseTo(0.34, 1);
    for (const j of jobs) {
      expect(j.checkpointIntervalS !== null).toBe(j.kind === "TRAINING");
      if (j.gangSize > 1) expect([j.gpuMilli, j.kind]).toEqual([1000, "TRAINING"]);
      if (j.deadlineAt) expect(j.deadlineAt.getTime()).toBeGreaterThan(at.getTime() + j.estimatedDurationS * 1000);
    }
    expect(new Set(jobs.map((j) => j.idempotencyKey)).size).toBe(jobs.length);
  });
});
