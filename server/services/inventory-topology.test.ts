import { describe, expect, it } from "vitest";
import type { InventoryNode } from "../drivers";
import { planInventory, type StoredInventoryNode } from "./inventory-drift";

const reported = (o: Partial<InventoryNode> = {}): InventoryNode => ({
  name: "a",
  cpuMilli: 64_000,
  memoryMib: 262_144,
  gpuModel: "T4",
  gpuCount: 8,
  labels: {},
  rack: "r1",
  schedulable: true,
  ...o,
});
const stored = (o: Partial<StoredInventoryNode> = {}): StoredInventoryNode => ({
  id: "id-a",
  name: "a",
  cpuMilli: 64_000,
  memoryMib: 262_144,
  gpuModelId: "T4",
  gpuCount: 8,
  rackGroup: "r1",
  switchGroup: "s1",
  podGroup: "p1",
  status: "READY",
  removedAt: null,
  held: false,
  ...o,
});

describe("inventory drift of topology groups", () => {
  it("records a node moved to another switch group or pod", () => {
    const plan = planInventory([stored()], [reported({ switchGroup: "s2", podGroup: "p1" })], ["T4"]);
    expect(plan.changes).toEqual([expect.objectContaining({ kind: "changed", node: "a", fields: [{ field: "switchGroup", before: "s1", after: "s2" }] })]);
    expect(plan.update).toHaveLength(1);
  });

  it("a driver that reports no topology changes nothing", () => {
    expect(planInventory([stored()], [reported()], ["T4"]).changes).toEqual([]);
  });
});
