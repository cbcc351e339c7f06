import { describe, expect, it } from "vitest";
import { nodeInsertRows, nodesFromOpenb } from "./cluster-nodes";
import { readOpenbNodeList } from "./openb-csv";

describe("node list topology columns", () => {
  it("reads optional rack, switch and pod columns and stores them; empty cells are unknown", () => {
    const csv = ["sn,cpu_milli,memory_mib,gpu,model,rack,switch,pod", "n1,64000,262144,8,H100,r1,leaf-1,pod-a", "n2,64000,262144,8,H100,,,"].join("\n");
    const { nodes, errors } = readOpenbNodeList(csv);
    expect(errors).toEqual([]);
    expect(nodes.map((n) => n.node)).toEqual([
      expect.objectContaining({ name: "n1", rack: "r1", switchGroup: "leaf-1", podGroup: "pod-a" }),
      expect.not.objectContaining({ rack: expect.anything() }),
    ]);
    const { nodeRows } = nodeInsertRows("c1", "node-c1", nodesFromOpenb(nodes.map((n) => n.node), "csv-import", 16));
    expect(nodeRows.map((r) => [r.rackGroup, r.switchGroup, r.podGroup])).toEqual([
      ["r1", "leaf-1", "pod-a"],
      ["rack-01", null, null],
    ]);
  });

  it("names the line and column of a bad group name", () => {
    const { errors } = readOpenbNodeList(["sn,cpu_milli,memory_mib,gpu,model,switch", "n1,64000,262144,8,H100,leaf 1"].join("\n"));
    expect(errors[0]?.message).toMatch(/:2 column "switch": "leaf 1" is not a group name/);
  });
});
