import { describe, expect, it } from "vitest";
import { smallScenario } from "@/server/engine/sim/sim-fixture";
import { addContention, DEFAULT_CONTENTION } from "./load-contention";
import { loadVariants } from "./load-variants";

describe("load benchmark workload", () => {
  const base = smallScenario(7, 1000, 3);
  const out = addContention(base, 4);

  it("adds gang jobs of 32-128 GPUs (2 % of the jobs) and a class on every job, deterministically per seed", () => {
    const gangs = out.jobs.filter((j) => j.jobClass === "gang");
    expect(gangs).toHaveLength(Math.round(0.02 * base.jobs.length));
    for (const g of gangs) {
      expect(g.gpuCount * g.gangSize).toBeGreaterThanOrEqual(32);
      expect(g.gpuCount * g.gangSize).toBeLessThanOrEqual(128);
      expect(g.checkpointIntervalS).toBeGreaterThanOrEqual(1800);
    }
    const share = (c: string) => out.jobs.filter((j) => j.priorityClass === c).length / out.jobs.length;
    expect(share("production")).toBeGreaterThan(0.07);
    expect(share("production")).toBeLessThan(0.13);
    expect(share("best-effort")).toBeGreaterThan(0.25);
    expect(share("best-effort")).toBeLessThan(0.35);
    for (const j of out.jobs.filter((x) => x.priorityClass === "production"))
      expect([j.priority, j.mayPreempt, j.preemptible, j.deadlineMs]).toEqual([1000, true, false, null]);
    for (const j of out.jobs.filter((x) => x.priorityClass === "best-effort")) {
      expect([j.priority, j.mayPreempt, j.preemptible]).toEqual([100, false, true]);
      expect(j.checkpointIntervalS).toBeGreaterThanOrEqual(1800);
      expect(j.checkpointIntervalS).toBeLessThanOrEqual(3600);
    }
    expect(addContention(base, 4)).toEqual(out);
    expect(addContention(base, 5).jobs.map((j) => j.priorityClass)).not.toEqual(out.jobs.map((j) => j.priorityClass));
  });

  it("makes a share of the gangs elastic (down to half their members) and changes nothing else", () => {
    expect(out.jobs.some((j) => j.minMembers != null)).toBe(false);
    const all = addContention(base, 4, { ...DEFAULT_CONTENTION, elasticShare: 1 });
    const half = addContention(base, 4, { ...DEFAULT_CONTENTION, elasticShare: 0.5 });
    for (const [i, j] of all.jobs.entries()) {
      const { minMembers, ...rest } = j;
      expect(rest).toEqual(out.jobs[i]);
      expect(minMembers ?? null).toEqual(j.jobClass === "gang" ? Math.ceil(j.gangSize / 2) : null);
    }
    const elastic = half.jobs.filter((j) => j.minMembers != null).length;
    expect(elastic).toBeGreaterThan(0);
    expect(elastic).toBeLessThan(all.jobs.filter((j) => j.jobClass === "gang").length);
  });

  it("makes one variant per backfill mode and preemption toggle, set in the policy's constraints", () => {
    const v = loadVariants(base.policies.slice(0, 1), { backfill: true, preemption: true });
    expect(v.map((x) => x.simPolicy.name)).toEqual([
      "baseline/off/no-preempt",
      "baseline/off/preempt",
      "baseline/first-fit/no-preempt",
      "baseline/first-fit/preempt",
      "baseline/easy/no-preempt",
      "baseline/easy/preempt",
      "baseline/conservative/no-preempt",
      "baseline/conservative/preempt",
    ]);
    expect(v.map((x) => [x.simPolicy.policy.constraints.backfill, x.simPolicy.policy.constraints.preemption])[5]).toEqual(["easy", true]);
    expect(loadVariants(base.policies.slice(0, 1), { backfill: false, preemption: true })).toHaveLength(2);
  });

  it("runs only the backfill modes asked for (--modes), in report order of the list given", () => {
    const v = loadVariants(base.policies.slice(0, 1), { backfill: true, preemption: false, modes: ["off", "easy"] });
    expect(v.map((x) => x.simPolicy.policy.constraints.backfill)).toEqual(["off", "easy"]);
    expect(v.every((x) => x.simPolicy.policy.constraints.preemption === base.policies[0]!.policy.constraints.preemption)).toBe(true);
  });
});
