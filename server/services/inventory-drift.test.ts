import { describe, expect, it } from "vitest";
import type { InventoryNode } from "../drivers";
import { inventoryChangesSchema, planInventory, type StoredInventoryNode } from "./inventory-drift";

const CATALOG = ["A100-SXM4-80GB", "T4"];

const reported = (name: string, o: Partial<InventoryNode> = {}): InventoryNode => ({
  name,
  cpuMilli: 64_000,
  memoryMib: 262_144,
  gpuModel: "A100-SXM4-80GB",
  gpuCount: 8,
  labels: {},
  rack: "r1",
  schedulable: true,
  ...o,
});

const stored = (name: string, o: Partial<StoredInventoryNode> = {}): StoredInventoryNode => ({
  id: `id-${name}`,
  name,
  cpuMilli: 64_000,
  memoryMib: 262_144,
  gpuModelId: "A100-SXM4-80GB",
  gpuCount: 8,
  rackGroup: "r1",
  status: "READY",
  removedAt: null,
  held: false,
  ...o,
});

describe("inventory drift plan", () => {
  it("finds nothing when the cluster lists exactly the stored nodes", () => {
    const plan = planInventory([stored("a"), stored("b")], [reported("a"), reported("b")], CATALOG);
    expect(plan.changes).toEqual([]);
    expect(plan).toMatchObject({ insert: [], update: [], mark: [], remove: [] });
  });

  it("matches catalog models case-insensitively and skips models the catalog lacks", () => {
    const plan = planInventory(
      [],
      [reported("a", { gpuModel: "t4", gpuCount: 1 }), reported("b", { gpuModel: "B200" }), reported("c", { gpuModel: null, gpuCount: 0 })],
      CATALOG,
    );
    expect(plan.insert.map((n) => [n.name, n.gpuModelId])).toEqual([
      ["a", "T4"],
      ["c", null],
    ]);
    expect(plan.counts).toEqual({ nodesReported: 3, added: 2, removed: 0, changed: 0, skipped: 1 });
    expect(plan.changes).toContainEqual({ kind: "skipped", node: "b", reason: "unknown-gpu-model", gpuModel: "B200" });
  });

  it("keeps a held node's GPUs when its count shrinks, recording the change as pending", () => {
    const plan = planInventory([stored("a", { held: true }), stored("b")], [reported("a", { gpuCount: 4 }), reported("b", { gpuCount: 4 })], CATALOG);
    expect(plan.update.map((u) => [u.id, u.gpuCount, u.pending])).toEqual([
      ["id-a", 8, true],
      ["id-b", 4, false],
    ]);
    expect(plan.changes[0]).toEqual({ kind: "changed", node: "a", pending: true, fields: [{ field: "gpuCount", before: 8, after: 4 }] });
  });

  it("marks a removed node jobs hold, deletes a free one, and deletes a marked node once free without counting it again", () => {
    const plan = planInventory(
      [
        stored("held", { held: true }),
        stored("free"),
        stored("gone-earlier", { removedAt: new Date(0) }),
        stored("back", { removedAt: new Date(0), held: true }),
      ],
      [reported("back")],
      CATALOG,
    );
    expect(plan.mark).toEqual(["id-held"]);
    expect(plan.remove).toEqual(["id-free", "id-gone-earlier"]);
    expect(plan.update.map((u) => u.id)).toEqual(["id-back"]);
    expect(plan.counts).toMatchObject({ added: 1, removed: 2 });
    expect(() => inventoryChangesSchema.parse({ v: 1, nodes: plan.changes })).not.toThrow();
  });

  it("records readiness and rack changes", () => {
    const plan = planInventory([stored("a", { status: "NOT_READY", rackGroup: "r0" })], [reported("a")], CATALOG);
    expect(plan.changes).toEqual([
      {
        kind: "changed",
        node: "a",
        pending: false,
        fields: [
          { field: "rack", before: "r0", after: "r1" },
          { field: "ready", before: false, after: true },
        ],
      },
    ]);
  });
});
