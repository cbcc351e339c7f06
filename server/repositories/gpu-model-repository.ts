/** GPU model catalog writes (audited) and how many nodes and GPUs use each model. */
import type { Db } from "../db/client";
import type { GpuModelForm } from "../schemas/gpu-model-form";
import { recordAudit, type Writer } from "./audit-repository";

/** Every model with the nodes and GPUs of that model in the fleet. */
export async function listGpuModelsWithUsage(db: Db) {
  const [models, usage] = await Promise.all([
    db.gpuModel.findMany({ orderBy: [{ computeUnits: "desc" }, { id: "asc" }] }),
    db.node.groupBy({ by: ["gpuModelId"], where: { gpuModelId: { not: null } }, _count: { _all: true }, _sum: { gpuCount: true } }),
  ]);
  return models.map((m) => {
    const u = usage.find((r) => r.gpuModelId === m.id);
    return { ...m, nodes: u?._count._all ?? 0, gpus: u?._sum.gpuCount ?? 0 };
  });
}

/** Nodes and GPUs of one model. */
export async function gpuModelUsage(db: Writer, id: string) {
  const u = await db.node.aggregate({ where: { gpuModelId: id }, _count: { _all: true }, _sum: { gpuCount: true } });
  return { nodes: u._count._all, gpus: u._sum.gpuCount ?? 0 };
}

export async function insertGpuModel(db: Db, form: GpuModelForm, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const created = await tx.gpuModel.create({ data: form });
    await recordAudit(tx, { actorId, action: "gpu-model.create", entityType: "GpuModel", entityId: created.id, after: created, at });
    return created;
  });
}

/** Updates every field but the id; returns null when the model does not exist. */
export async function updateGpuModel(db: Db, form: GpuModelForm, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const before = await tx.gpuModel.findUnique({ where: { id: form.id } });
    if (!before) return null;
    const after = await tx.gpuModel.update({ where: { id: form.id }, data: form });
    await recordAudit(tx, { actorId, action: "gpu-model.update", entityType: "GpuModel", entityId: form.id, before, after, at });
    return after;
  });
}

/**
 * Deletes a model no node uses. The usage check and the delete share a transaction, and the node
 * foreign key (ON DELETE RESTRICT) refuses a delete that races a node import.
 */
export async function deleteUnusedGpuModel(
  db: Db,
  id: string,
  actorId: string,
  at: Date,
): Promise<{ deleted: true } | { deleted: false; reason: "missing" } | { deleted: false; reason: "in-use"; nodes: number; gpus: number }> {
  return db.$transaction(async (tx) => {
    const before = await tx.gpuModel.findUnique({ where: { id } });
    if (!before) return { deleted: false, reason: "missing" } as const;
    const usage = await gpuModelUsage(tx, id);
    if (usage.nodes > 0) return { deleted: false, reason: "in-use", ...usage } as const;
    await tx.gpuModel.delete({ where: { id } });
    await recordAudit(tx, { actorId, action: "gpu-model.delete", entityType: "GpuModel", entityId: id, before, at });
    return { deleted: true } as const;
  });
}
