/**
 * What differs between a cluster's stored nodes and the node list its driver reports, and what to
 * write so the store matches again. Pure: rows in, a plan out.
 *
 * - A reported node not stored (or stored but marked removed) is added.
 * - A stored node not reported is removed: deleted when nothing holds it, else marked (removedAt,
 *   NOT_READY) so the jobs on it keep their rows, and deleted by the first import after it is free.
 * - A node whose capacity, GPU model, rack or readiness differs is changed. A GPU count that shrinks
 *   while jobs hold the node waits (the node takes no new work meanwhile): the GPU rows the jobs
 *   hold must stay until they finish.
 * - A node with a GPU model the catalog does not know is skipped (Node.gpuModelId must name a
 *   catalog model); it is added by the first import after an admin adds the model.
 * The changes are typed data, versioned, and stored with the drift record; text is rendered from them.
 */
import { z } from "zod";
import type { InventoryNode } from "../drivers";

/** A stored node as the diff needs it. */
export interface StoredInventoryNode {
  id: string;
  name: string;
  cpuMilli: number;
  memoryMib: number;
  gpuModelId: string | null;
  gpuCount: number;
  rackGroup: string;
  /** Absent = not read (treated as unknown). */
  switchGroup?: string | null;
  podGroup?: string | null;
  status: "READY" | "NOT_READY" | "CORDONED" | "GPU_ERROR";
  removedAt: Date | null;
  /** Jobs hold CPU, memory or GPU shares on it. */
  held: boolean;
}

/** Fields whose change is recorded. */
export const DRIFT_FIELDS = ["cpuMilli", "memoryMib", "gpuModel", "gpuCount", "rack", "ready", "switchGroup", "podGroup"] as const;

const fieldChangeSchema = z.object({
  field: z.enum(DRIFT_FIELDS),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

/** One node's change; `pending` = recorded but not applied yet (a GPU count that shrinks under running jobs). */
export const nodeChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("added"),
    node: z.string(),
    gpuModel: z.string().nullable(),
    gpuCount: z.number().int(),
    cpuMilli: z.number().int(),
    memoryMib: z.number().int(),
  }),
  z.object({ kind: z.literal("removed"), node: z.string(), held: z.boolean() }),
  z.object({ kind: z.literal("changed"), node: z.string(), fields: z.array(fieldChangeSchema), pending: z.boolean() }),
  z.object({ kind: z.literal("skipped"), node: z.string(), reason: z.literal("unknown-gpu-model"), gpuModel: z.string() }),
]);
export type NodeChange = z.infer<typeof nodeChangeSchema>;

/** Version of the stored changes document. */
export const INVENTORY_CHANGES_VERSION = 1;
/** The stored changes document. */
export const inventoryChangesSchema = z.object({ v: z.literal(INVENTORY_CHANGES_VERSION), nodes: z.array(nodeChangeSchema) });
export type InventoryChanges = z.infer<typeof inventoryChangesSchema>;

/** A reported node with its catalog model id. */
export type ResolvedNode = InventoryNode & { gpuModelId: string | null };

/** What to write so the store matches the cluster. */
export interface InventoryPlan {
  insert: ResolvedNode[];
  /** Stored nodes to bring in line; `gpuCount` is the count to store (unchanged while pending). */
  update: { id: string; node: ResolvedNode; gpuCountBefore: number; gpuCount: number; pending: boolean }[];
  /** Removed nodes jobs still hold. */
  mark: string[];
  /** Removed nodes nothing holds (including ones marked earlier and free now). */
  remove: string[];
  changes: NodeChange[];
  counts: { nodesReported: number; added: number; removed: number; changed: number; skipped: number };
}

/** The catalog id of a reported model (catalog ids match case-insensitively), or null when unknown. */
function catalogModel(model: string, catalog: readonly string[]): string | null {
  return catalog.find((id) => id.toLowerCase() === model.toLowerCase()) ?? null;
}

/** The recorded differences between a stored node and the reported one. */
function fieldChanges(stored: StoredInventoryNode, node: ResolvedNode): z.infer<typeof fieldChangeSchema>[] {
  const pairs: [z.infer<typeof fieldChangeSchema>["field"], string | number | boolean | null, string | number | boolean | null][] = [
    ["cpuMilli", stored.cpuMilli, node.cpuMilli],
    ["memoryMib", stored.memoryMib, node.memoryMib],
    ["gpuModel", stored.gpuModelId, node.gpuModelId],
    ["gpuCount", stored.gpuCount, node.gpuCount],
    ["rack", stored.rackGroup, node.rack],
    ["ready", stored.status === "READY", node.schedulable],
    // Only drivers that report topology (Kubernetes labels) can change it; the simulator reports none.
    ...(node.switchGroup !== undefined ? [["switchGroup", stored.switchGroup ?? null, node.switchGroup] as (typeof pairs)[number]] : []),
    ...(node.podGroup !== undefined ? [["podGroup", stored.podGroup ?? null, node.podGroup] as (typeof pairs)[number]] : []),
  ];
  return pairs.filter(([, before, after]) => before !== after).map(([field, before, after]) => ({ field, before, after }));
}

/** Resolves models and splits off the nodes that cannot be stored. */
function resolveReported(reported: readonly InventoryNode[], catalog: readonly string[]) {
  const resolved: ResolvedNode[] = [];
  const skipped: NodeChange[] = [];
  for (const node of reported) {
    const gpuModelId = node.gpuModel === null ? null : catalogModel(node.gpuModel, catalog);
    if (node.gpuModel !== null && gpuModelId === null) skipped.push({ kind: "skipped", node: node.name, reason: "unknown-gpu-model", gpuModel: node.gpuModel });
    else resolved.push({ ...node, gpuModelId });
  }
  return { resolved, skipped };
}

/** The plan that makes `stored` match `reported`, with the changes to record. */
export function planInventory(stored: readonly StoredInventoryNode[], reported: readonly InventoryNode[], catalog: readonly string[]): InventoryPlan {
  const { resolved, skipped } = resolveReported(reported, catalog);
  const plan: InventoryPlan = {
    insert: [],
    update: [],
    mark: [],
    remove: [],
    changes: [],
    counts: { nodesReported: reported.length, added: 0, removed: 0, changed: 0, skipped: skipped.length },
  };
  const byName = new Map(stored.map((n) => [n.name, n]));
  // A node reported with a model the catalog lacks cannot be stored: it counts as gone (and skipped).
  const storable = new Set(resolved.map((n) => n.name));
  for (const node of resolved) {
    const row = byName.get(node.name);
    const added = {
      kind: "added" as const,
      node: node.name,
      gpuModel: node.gpuModelId,
      gpuCount: node.gpuCount,
      cpuMilli: node.cpuMilli,
      memoryMib: node.memoryMib,
    };
    if (!row) {
      plan.insert.push(node);
      plan.changes.push(added);
      continue;
    }
    const fields = fieldChanges(row, node);
    const pending = row.held && node.gpuCount < row.gpuCount;
    const gpuCount = pending ? row.gpuCount : node.gpuCount;
    // A node marked removed that the cluster lists again is back: stored as reported, counted as added.
    if (row.removedAt) plan.changes.push(added);
    else if (fields.length > 0) plan.changes.push({ kind: "changed", node: node.name, fields, pending });
    if (row.removedAt || fields.length > 0) plan.update.push({ id: row.id, node, gpuCountBefore: row.gpuCount, gpuCount, pending });
  }
  for (const row of stored) {
    if (storable.has(row.name)) continue;
    if (row.removedAt) {
      if (!row.held) plan.remove.push(row.id);
      continue;
    }
    plan.changes.push({ kind: "removed", node: row.name, held: row.held });
    (row.held ? plan.mark : plan.remove).push(row.id);
  }
  plan.changes.push(...skipped);
  for (const c of plan.changes) if (c.kind !== "skipped") plan.counts[c.kind]++;
  return plan;
}
