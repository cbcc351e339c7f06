import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../errors";
import { parseExplanation } from "../explain/schema";
import type { JobRequest } from "../model/job";
import { createCluster, type ClusterState } from "../model/node";
import { buildTargetWorkload } from "../model/target-workload";
import { createRng } from "../model/rng";
import { MILLI_GPU_PER_GPU } from "../model/units";
import { testJob } from "../test-support";
import { allocate, release } from "./allocate";
import { evaluateStep } from "./evaluate-step";
import { nodeFragmentation } from "./fragmentation";
import { applyDecision, createPlacer, createSharedScoreCaches, placeJob } from "./placer";
import { resolvePolicy } from "./registry";
import type { DecisionContext } from "./types";
import { BUILTIN_POLICIES, findBuiltinPolicy } from "./policy";

const cluster = (): ClusterState =>
  createCluster([
    { name: "a0", cpuMilli: 32_000, memoryMib: 131_072, gpuCount: 2, gpuModel: "T4", rack: "r1" },
    { name: "a1", cpuMilli: 32_000, memoryMib: 131_072, gpuCount: 2, gpuModel: "T4", rack: "r1" },
    { name: "b0", cpuMilli: 96_000, memoryMib: 393_216, gpuCount: 8, gpuModel: "G2", rack: "r2" },
    { name: "b1", cpuMilli: 96_000, memoryMib: 393_216, gpuCount: 8, gpuModel: "G2", rack: "r2" },
    { name: "c0", cpuMilli: 8_000, memoryMib: 32_768, gpuCount: 1, gpuModel: "P100", rack: "r3" },
  ]);

const traceJobs: JobRequest[] = [
  testJob({ cpuMilli: 4000, gpuMilliPerGpu: 500 }),
  testJob({ cpuMilli: 4000, gpuMilliPerGpu: 500 }),
  testJob({ cpuMilli: 8000 }),
  testJob({ cpuMilli: 16_000, gpuCount: 4 }),
  testJob({ cpuMilli: 2000, gpuCount: 0, gpuMilliPerGpu: 0 }),
];
const workload = buildTargetWorkload(traceJobs);
const fgd = findBuiltinPolicy("fgd")!;

describe("placer", () => {
  it("golden decision: a sharing job under FGD", () => {
    const placer = createPlacer({ policy: fgd, workload });
    let state = cluster();
    state = applyDecision(state, traceJobs[2]!, placer.place(state, traceJobs[2]!, { seed: 1 }));
    const decision = placer.place(state, testJob({ id: "share-1", cpuMilli: 4000, gpuMilliPerGpu: 500 }), { seed: 7 });
    expect(decision.outcome).toBe("placed");
    expect(() => parseExplanation(JSON.parse(JSON.stringify(decision.explanation)))).not.toThrow();
    expect(decision.explanation).toMatchSnapshot();
  });

  it("unschedulable is a normal result with a reason histogram and numbers", () => {
    const decision = placeJob(cluster(), testJob({ cpuMilli: 40_000, gpuCount: 2, allowedGpuModels: ["T4", "P100"] }), { policy: fgd, workload, seed: 1 });
    expect(decision.outcome).toBe("unschedulable");
    expect(decision.assignments).toEqual([]);
    const e = decision.explanation;
    // T4 nodes lack CPU, G2 nodes have a disallowed model, the P100 node lacks both CPU and GPUs.
    expect(e.reasonHistogram).toEqual({ INSUFFICIENT_CPU: 3, GPU_MODEL_NOT_ALLOWED: 2, INSUFFICIENT_GPUS: 1 });
    expect(e.summary).toBe("0/5 nodes can host this job: 3 lack 40 CPU cores, 2 have a GPU model the job does not allow, 1 has fewer than 2 free whole GPUs");
    const p100 = e.steps[0]!.groups.find((g) => g.gpuModel === "P100")!;
    expect(p100.filters.find((f) => f.plugin === "gpu-fit")!.reasons).toEqual([
      { code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: 2, available: 1, capacity: 1 },
    ]);
    expect(p100.filters.find((f) => f.plugin === "cpu-fit")!.reasons[0]).toMatchObject({ code: "INSUFFICIENT_CPU", requested: 40_000, available: 8000 });
  });

  it("groups identical nodes and reports counts", () => {
    const e = placeJob(cluster(), testJob(), { policy: fgd, workload, seed: 1 }).explanation;
    expect(e.steps[0]!.groups.map((g) => [g.firstNode, g.count])).toEqual([
      ["a0", 2],
      ["b0", 2],
      ["c0", 1],
    ]);
    expect(e.steps[0]!.groups[0]!.scores[0]).toMatchObject({ plugin: "fgd", weight: 1 });
  });

  it("FGD breaks integer-score ties by node order", () => {
    const e = placeJob(cluster(), testJob({ gpuCount: 8, cpuMilli: 1000 }), { policy: fgd, workload, seed: 1 }).explanation;
    expect(e.placements[0]).toMatchObject({ nodeName: "b0", gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] });
    expect(e.steps[0]!.tieBreak).toMatchObject({ tiedNodes: 2, decidedBy: "node-order" });
  });

  it("gangs: all members or none; a gang that asks for one rack is held to it", () => {
    const gang = testJob({ cpuMilli: 8000, gpuCount: 8, gangSize: 2 });
    const placed = placeJob(cluster(), gang, { policy: fgd, workload, seed: 3 });
    expect(placed.outcome).toBe("placed");
    expect(placed.explanation.placements.map((p) => p.nodeName).sort()).toEqual(["b0", "b1"]);
    // Without the rack rule three 8-GPU members still fit nowhere (only two nodes have 8 GPUs): none is placed, for GPUs.
    const spread = placeJob(cluster(), testJob({ cpuMilli: 8000, gpuCount: 8, gangSize: 3 }), { policy: fgd, workload, seed: 3 });
    expect(spread.outcome).toBe("unschedulable");
    expect(spread.assignments).toEqual([]);
    expect(spread.explanation.reasonHistogram.RACK_CAPACITY_FOR_GANG).toBeUndefined();
    expect(spread.explanation.reasonHistogram.INSUFFICIENT_GPUS).toBeGreaterThan(0);
    const tooBig = testJob({ cpuMilli: 8000, gpuCount: 8, gangSize: 3, gangSameRack: true });
    const refused = placeJob(cluster(), tooBig, { policy: fgd, workload, seed: 3 });
    expect(refused.outcome).toBe("unschedulable");
    expect(refused.assignments).toEqual([]);
    // Rack r2 holds two 8-GPU nodes (capacity 2 < 3 members); r1 and r3 hold none.
    expect(refused.explanation.reasonHistogram.RACK_CAPACITY_FOR_GANG).toBe(5);
    expect(refused.explanation.steps[0]!.groups.find((g) => g.rack === "r2")!.filters.find((f) => f.plugin === "gang-rack")!.reasons[0]).toMatchObject({
      requested: 3,
      available: 2,
    });
  });

  it("rejects a policy naming an unknown plugin with a typed error", () => {
    expect(() => createPlacer({ policy: { ...fgd, scores: [{ plugin: "nope", weight: 1 }] }, workload })).toThrow(EngineError);
  });

  it("allocate then release restores the state; over-allocation throws", () => {
    const state = cluster();
    const job = testJob({ gpuMilliPerGpu: 600 });
    const after = allocate(state, job, [{ nodeIndex: 0, gpuIndices: [1] }]);
    expect(after.nodes[0]!.gpuMilliFree).toEqual([1000, 400]);
    expect(after.nodes[1]).toBe(state.nodes[1]);
    expect(release(after, job, [{ nodeIndex: 0, gpuIndices: [1] }])).toEqual(state);
    expect(() => allocate(after, job, [{ nodeIndex: 0, gpuIndices: [1] }])).toThrow(/GPU 1 would have -200/);
  });
});

const jobArb: fc.Arbitrary<JobRequest> = fc.oneof(
  fc.record({
    cpuMilli: fc.integer({ min: 0, max: 40_000 }),
    memoryMib: fc.integer({ min: 0, max: 200_000 }),
    gpuCount: fc.constant(1),
    gpuMilliPerGpu: fc.integer({ min: 1, max: 1000 }),
    allowedGpuModels: fc.subarray(["T4", "G2", "P100"]),
  }),
  fc
    .record({
      cpuMilli: fc.integer({ min: 0, max: 40_000 }),
      memoryMib: fc.integer({ min: 0, max: 200_000 }),
      gpuCount: fc.constantFrom(0, 2, 4, 8),
      gpuMilliPerGpu: fc.constant(1000),
      allowedGpuModels: fc.subarray(["T4", "G2"]),
      gangSize: fc.integer({ min: 1, max: 3 }),
    })
    .map((j) => (j.gpuCount === 0 ? { ...j, gpuMilliPerGpu: 0 } : j)),
);

// A context like the placer's, for running the detailed evaluation directly.
const detailedCtx = (): DecisionContext => ({
  workload,
  fragmentationOf: (n) => nodeFragmentation(n, workload),
  fragmentationOfState: (n) => nodeFragmentation(n, workload),
  rackGpuMilli: new Map(),
  gang: { remainingMembers: 1, rack: null, sameRack: false, rackCapacity: new Map() },
  rng: createRng(0),
});

describe("properties", () => {
  it("never over-allocates, never uses a disallowed model, gangs all-or-nothing, same seed same result", () => {
    fc.assert(
      fc.property(
        fc.array(jobArb, { minLength: 1, maxLength: 25 }),
        fc.constantFrom(...BUILTIN_POLICIES.map((p) => p.name)),
        fc.integer({ min: 0, max: 1000 }),
        (jobs, policyName, seed) => {
          const policy = findBuiltinPolicy(policyName)!;
          const placer = createPlacer({ policy, workload });
          const twin = createPlacer({ policy, workload });
          let state = cluster();
          jobs.forEach((job, i) => {
            const decision = placer.place(state, job, { seed: seed + i });
            const again = twin.place(state, job, { seed: seed + i });
            expect(JSON.stringify(again)).toBe(JSON.stringify(decision));
            // The allocation-free hot path picks what the detailed evaluation picks (first member).
            if (policy.tieBreak.final === "node-order" && (job.gangSize ?? 1) === 1) {
              const detailed = evaluateStep(state.nodes, job, resolvePolicy(policy), detailedCtx());
              expect(detailed.chosen?.nodeIndex ?? -1).toBe(decision.assignments[0]?.nodeIndex ?? -1);
            }
            if (decision.outcome === "placed") {
              expect(decision.assignments.length).toBe(job.gangSize ?? 1);
              for (const a of decision.assignments) {
                const node = state.nodes[a.nodeIndex]!;
                if (job.gpuCount > 0 && job.allowedGpuModels.length > 0) expect(job.allowedGpuModels).toContain(node.gpuModel);
                expect(a.gpuIndices.length).toBe(job.gpuCount);
              }
            } else expect(decision.assignments).toEqual([]);
            state = applyDecision(state, job, decision);
            for (const node of state.nodes) {
              expect(node.cpuMilliFree).toBeGreaterThanOrEqual(0);
              expect(node.memoryMibFree).toBeGreaterThanOrEqual(0);
              for (const free of node.gpuMilliFree) expect(free >= 0 && free <= MILLI_GPU_PER_GPU).toBe(true);
            }
          });
        },
      ),
      { numRuns: 150, seed: 20240611 },
    );
  });
});

describe("shared score caches", () => {
  it("placers of several clusters sharing memos decide and explain exactly as placers with their own", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(jobArb, fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(...BUILTIN_POLICIES.map((p) => p.name)),
        fc.integer({ min: 0, max: 1000 }),
        (jobs, policyName, seed) => {
          const policy = findBuiltinPolicy(policyName)!;
          const shared = createSharedScoreCaches();
          const sharing = [0, 1, 2].map(() => createPlacer({ policy, workload, sharedScores: shared }));
          const own = [0, 1, 2].map(() => createPlacer({ policy, workload }));
          // Three clusters of the same hardware whose states drift apart; each job is asked of every cluster, then placed on one.
          const states = [cluster(), cluster(), cluster()];
          jobs.forEach(([job, target], i) => {
            for (let c = 0; c < states.length; c++) {
              const a = sharing[c]!.place(states[c]!, job, { seed: seed + i });
              const b = own[c]!.place(states[c]!, job, { seed: seed + i });
              expect(JSON.stringify(a)).toBe(JSON.stringify(b));
              if (c === target) states[c] = applyDecision(states[c]!, job, a);
            }
          });
        },
      ),
      { numRuns: 100, seed: 20261124 },
    );
  });
});
