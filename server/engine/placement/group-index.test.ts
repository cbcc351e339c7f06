import { describe, expect, it } from "vitest";
import { testJob } from "../test-support";
import { createCluster } from "../model/node";
import { allocate } from "./allocate";
import { GroupIndex } from "./group-index";

const cluster = createCluster([
  { name: "a", cpuMilli: 8000, memoryMib: 1024, gpuCount: 2, gpuModel: "T4" },
  { name: "b", cpuMilli: 8000, memoryMib: 1024, gpuCount: 2, gpuModel: "T4" },
  { name: "c", cpuMilli: 8000, memoryMib: 1024, gpuCount: 8, gpuModel: "G2" },
  { name: "d", cpuMilli: 8000, memoryMib: 1024, gpuCount: 2, gpuModel: "T4" },
]);

// Groups as [first node index, member count] in order of first appearance.
const groupsOf = (index: GroupIndex, n: number) => Array.from(index.list.subarray(0, n), (gid) => [index.first[gid], index.count[gid]]);

describe("GroupIndex", () => {
  it("groups identical nodes and re-keys only changed nodes, also across a reset", () => {
    for (const maxIds of [1 << 16, 5]) {
      const index = new GroupIndex(new Set(), maxIds);
      expect(groupsOf(index, index.update(cluster.nodes))).toEqual([
        [0, 3],
        [2, 1],
      ]);
      const after = allocate(cluster, testJob({ cpuMilli: 1000, gpuMilliPerGpu: 500 }), [{ nodeIndex: 1, gpuIndices: [0] }]);
      expect(groupsOf(index, index.update(after.nodes))).toEqual([
        [0, 2],
        [1, 1],
        [2, 1],
      ]);
      // Same state again: same ids, same groups (a reset, when it happens, must not change the grouping).
      expect(groupsOf(index, index.update(after.nodes))).toEqual([
        [0, 2],
        [1, 1],
        [2, 1],
      ]);
      expect(index.gidOf(0)).toBe(index.gidOf(3));
    }
  });
});
