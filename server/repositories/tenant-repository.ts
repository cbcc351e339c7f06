/** Tenants with their quotas and members; writes are audited in the same transaction. */
import type { Db } from "../db/client";
import type { TenantForm } from "../schemas/tenant-form";
import { recordAudit } from "./audit-repository";

/** Every tenant with its quota and member count. */
export function listTenantsWithQuota(db: Db) {
  return db.tenant.findMany({ orderBy: { name: "asc" }, include: { quota: true, _count: { select: { users: true } } } });
}

/** Whether a tenant with this id exists. */
export async function tenantExists(db: Db, id: string): Promise<boolean> {
  return (await db.tenant.findUnique({ where: { id }, select: { id: true } })) !== null;
}

const quotaOf = (form: TenantForm) => ({
  maxGpus: form.maxGpus,
  maxGpuHoursPerMonth: form.maxGpuHoursPerMonth,
  carbonBudgetKgPerMonth: form.carbonBudgetKgPerMonth,
});
const snapshot = (t: { slug: string; name: string }, q: ReturnType<typeof quotaOf> | null) => ({
  slug: t.slug,
  name: t.name,
  ...(q ?? { maxGpus: null, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null }),
});

export async function insertTenant(db: Db, input: TenantForm & { slug: string }, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const created = await tx.tenant.create({
      data: { slug: input.slug, name: input.name, createdAt: at, quota: { create: { ...quotaOf(input), updatedAt: at } } },
    });
    await recordAudit(tx, { actorId, action: "tenant.create", entityType: "Tenant", entityId: created.id, after: snapshot(created, quotaOf(input)), at });
    return created;
  });
}

/** Renames the tenant and sets its quota (creating the quota row if it had none); null when missing. */
export async function updateTenant(db: Db, id: string, form: TenantForm, actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const before = await tx.tenant.findUnique({ where: { id }, include: { quota: true } });
    if (!before) return null;
    const updated = await tx.tenant.update({
      where: { id },
      data: { name: form.name, quota: { upsert: { create: { ...quotaOf(form), updatedAt: at }, update: { ...quotaOf(form), updatedAt: at } } } },
    });
    const beforeQuota = before.quota
      ? { maxGpus: before.quota.maxGpus, maxGpuHoursPerMonth: before.quota.maxGpuHoursPerMonth, carbonBudgetKgPerMonth: before.quota.carbonBudgetKgPerMonth }
      : null;
    await recordAudit(tx, {
      actorId,
      action: "tenant.update",
      entityType: "Tenant",
      entityId: id,
      before: snapshot(before, beforeQuota),
      after: snapshot(updated, quotaOf(form)),
      at,
    });
    return updated;
  });
}
