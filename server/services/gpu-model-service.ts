/** GPU model administration: create, edit, and delete only models no GPU uses. */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { GpuModelForm } from "../schemas/gpu-model-form";
import { deleteUnusedGpuModel, insertGpuModel, listGpuModelsWithUsage, updateGpuModel } from "../repositories/gpu-model-repository";
import { isUniqueViolation } from "../repositories/job-repository";
import { DomainError, fieldError } from "./errors";

/** Every GPU model with how many nodes and GPUs use it (a used model cannot be deleted). */
export function listGpuModels(db: Db) {
  return listGpuModelsWithUsage(db);
}

export async function createGpuModel(db: Db, user: SessionUser, form: GpuModelForm, now: Date) {
  try {
    return await insertGpuModel(db, form, user.id, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("id", `A GPU model "${form.id}" already exists.`);
    throw error;
  }
}

export async function editGpuModel(db: Db, user: SessionUser, form: GpuModelForm, now: Date) {
  const updated = await updateGpuModel(db, form, user.id, now);
  if (!updated) throw new DomainError("NOT_FOUND", `No GPU model "${form.id}".`);
  return updated;
}

export async function removeGpuModel(db: Db, user: SessionUser, id: string, now: Date) {
  const result = await deleteUnusedGpuModel(db, id, user.id, now);
  if (result.deleted) return { id };
  if (result.reason === "missing") throw new DomainError("NOT_FOUND", `No GPU model "${id}".`);
  throw new DomainError(
    "PRECONDITION_FAILED",
    `${id} is used by ${result.gpus.toLocaleString("en-US")} GPUs on ${result.nodes.toLocaleString("en-US")} nodes; remove or re-import those nodes before deleting the model.`,
  );
}
