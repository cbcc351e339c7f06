import { describe, expect, it } from "vitest";
import { createCluster, type NodeSpec } from "../model/node";
import { testJob } from "../test-support";
import { allocate } from "./allocate";
import { placeJob } from "./placer";
import { findBuiltinPolicy } from "./policy";
import { spanOf, topologySlowdownPct } from "./topology";

/**
 * Two pods; pod p0 has switch groups s0 (racks r0, r1) and s1 (rack r2), pod p1 has switch s2 (rack r3).
 * Every rack holds `perRack` eight-GPU nodes.
 */
const fabric = (perRack = 4): NodeSpec[] => {
  const racks = [
    { rack: "r0", switchGroup: "s0", podGroup: "p0" },
    { rack: "r1", switchGroup: "s0", podGroup: "p0" },
    { rack: "r2", switchGroup: "s1", podGroup: "p0" },
    { rack: "r3", switchGroup: "s2", podGroup: "p1" },
  ];
  return racks.flatMap((r) =>
    Array.from({ length: perRack }, (_, i) => ({ name: `${r.rack}-n${i}`, cpuMilli: 64_000, memoryMib: 512 * 1024, gpuCount: 8, gpuModel: "H100", ...r })),
  );
};
const policy = findBuiltinPolicy("bestfit")!;
const member = (over = {}) => testJob({ cpuMilli: 8000, gpuCount: 8, ...over });

/** The racks, switches and pods a decision's members sit in. */
function spanOfDecision(specs: NodeSpec[], members: number, over = {}, seed = 1) {
  const state = createCluster(specs);
  const d = placeJob(state, member({ gangSize: members, ...over }), { policy, seed });
  const nodes = d.explanation.placements.map((p) => state.nodes[p.nodeIndex]!);
  return { d, span: spanOf(nodes), racks: new Set(nodes.map((n) => n.rack)) };
}

describe("topology-aware gang placement", () => {
  it("states the penalty model: 0 % in a rack, 3 % across racks of a switch, 8 % across switches of a pod, 15 % across pods", () => {
    expect([
      topologySlowdownPct("node"),
      topologySlowdownPct("rack"),
      topologySlowdownPct("switch"),
      topologySlowdownPct("pod"),
      topologySlowdownPct("fleet"),
    ]).toEqual([0, 0, 3, 8, 15]);
  });

  it("a gang that fits one rack stays in one rack", () => {
    const { d, span } = spanOfDecision(fabric(), 4);
    expect(d.outcome).toBe("placed");
    expect(span).toMatchObject({ nodes: 4, racks: 1, level: "rack", slowdownPct: 0 });
  });

  it("a gang too big for a rack spans racks under one switch before it spans switches", () => {
    const { d, span, racks } = spanOfDecision(fabric(), 6);
    expect(d.outcome).toBe("placed");
    expect(racks).toEqual(new Set(["r0", "r1"]));
    expect(span).toMatchObject({ racks: 2, switches: 1, level: "switch", slowdownPct: 3 });
  });

  it("a gang too big for a switch stays in one pod; one too big for a pod spans pods", () => {
    expect(spanOfDecision(fabric(), 10).span).toMatchObject({ switches: 2, pods: 1, level: "pod", slowdownPct: 8 });
    expect(spanOfDecision(fabric(), 14).span).toMatchObject({ pods: 2, level: "fleet", slowdownPct: 15 });
    expect(spanOfDecision(fabric(), 17).d.outcome).toBe("unschedulable");
  });

  it("prefers the rack that holds the whole gang over a fuller rack the scorer would like", () => {
    const specs = fabric();
    let state = createCluster(specs);
    // Fill two nodes of r0 and one of r2: only r1 and r3 still hold four free nodes.
    for (const i of [0, 1, 8]) state = allocate(state, member(), [{ nodeIndex: i, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] }]);
    const d = placeJob(state, member({ gangSize: 4 }), { policy, seed: 2 });
    const racks = new Set(d.explanation.placements.map((p) => state.nodes[p.nodeIndex]!.rack));
    expect(racks.size).toBe(1);
    expect(["r1", "r3"]).toContain([...racks][0]);
  });

  it("gangSameRack: true stays a hard rule: a gang bigger than any rack is refused for the rack", () => {
    const { d } = spanOfDecision(fabric(), 6, { gangSameRack: true });
    expect(d.outcome).toBe("unschedulable");
    expect(d.assignments).toEqual([]);
    expect(d.explanation.reasonHistogram.RACK_CAPACITY_FOR_GANG).toBeGreaterThan(0);
  });

  it("a 64-node gang on racks of 16 spans 4 racks under one switch group", () => {
    const specs = Array.from({ length: 96 }, (_, i) => ({
      name: `n${i}`,
      cpuMilli: 64_000,
      memoryMib: 512 * 1024,
      gpuCount: 8,
      gpuModel: "H100",
      rack: `r${Math.floor(i / 16)}`,
      switchGroup: `s${Math.floor(i / 64)}`,
      podGroup: "p0",
    }));
    const { d, span } = spanOfDecision(specs, 64);
    expect(d.outcome).toBe("placed");
    expect(span).toMatchObject({ nodes: 64, racks: 4, switches: 1, level: "switch" });
  });

  it("a cluster without topology data places a gang as before and claims no penalty", () => {
    const specs = fabric().map((s) => ({ ...s, rack: null, switchGroup: null, podGroup: null }));
    const { d, span } = spanOfDecision(specs, 10);
    expect(d.outcome).toBe("placed");
    expect(span).toMatchObject({ racks: 1, level: "rack", slowdownPct: 0 });
  });
});
