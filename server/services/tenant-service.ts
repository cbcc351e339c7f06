/** Tenant administration: usage against quota and carbon budget, create, edit. */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { TenantForm } from "../schemas/tenant-form";
import { isUniqueViolation } from "../repositories/job-repository";
import { insertTenant, listTenantsWithQuota, updateTenant } from "../repositories/tenant-repository";
import { readTenantUsage } from "../repositories/usage-repository";
import { DomainError, fieldError } from "./errors";

/** Each tenant with its limits and this month's use of them (calendar month, UTC). */
export async function listTenantUsage(db: Db, now: Date) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const tenants = await listTenantsWithQuota(db);
  return Promise.all(
    tenants.map(async (t) => {
      const usage = await readTenantUsage(db, t.id, monthStart, now);
      return {
        id: t.id,
        slug: t.slug,
        name: t.name,
        members: t._count.users,
        maxGpus: t.quota?.maxGpus ?? null,
        maxGpuHoursPerMonth: t.quota?.maxGpuHoursPerMonth ?? null,
        carbonBudgetKgPerMonth: t.quota?.carbonBudgetKgPerMonth ?? null,
        gpusInUse: usage.gpusInUse,
        gpuHoursThisMonth: usage.gpuHours,
        emissionsKgThisMonth: usage.emissionsGCo2e / 1000,
      };
    }),
  );
}

export async function createTenant(db: Db, user: SessionUser, input: TenantForm & { slug: string }, now: Date) {
  try {
    const created = await insertTenant(db, input, user.id, now);
    return { id: created.id, slug: created.slug, name: created.name };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("slug", `A tenant "${input.slug}" already exists.`);
    throw error;
  }
}

export async function editTenant(db: Db, user: SessionUser, id: string, form: TenantForm, now: Date) {
  const updated = await updateTenant(db, id, form, user.id, now);
  if (!updated) throw new DomainError("NOT_FOUND", "No such tenant.");
  return { id: updated.id, slug: updated.slug, name: updated.name };
}
