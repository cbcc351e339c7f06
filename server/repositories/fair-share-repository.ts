/** Fair share and cohort quotas: recent GPU use and weights for the queue order, per-model quotas and their use, and the admin's writes. */
import type { Db } from "../db/client";
import { recordAudit } from "./audit-repository";

/**
 * Stretches of GPU use that end after `since`: started jobs from their start to their finish (or now
 * while running), in whole-GPU equivalents (shares count fractionally, gangs per member).
 */
export async function findGpuUseSince(db: Db, since: Date, now: Date) {
  const rows = await db.job.findMany({
    where: { startedAt: { not: null, lte: now }, OR: [{ finishedAt: null }, { finishedAt: { gt: since } }] },
    select: { tenantId: true, gpuCount: true, gpuMilli: true, gangSize: true, startedAt: true, finishedAt: true, status: true },
  });
  return rows.map((j) => ({
    tenant: j.tenantId,
    gpus: (j.gpuCount * j.gpuMilli * j.gangSize) / 1000,
    startMs: j.startedAt!.getTime(),
    // A job that left without a finish time (cancelled while queued again, say) is counted up to its start only.
    endMs: j.finishedAt?.getTime() ?? (j.status === "RUNNING" || j.status === "PLACED" ? now.getTime() : j.startedAt!.getTime()),
  }));
}

/**
 * Decayed GPU-hours per tenant at `now`, summed in SQL over the same stretches as {@link findGpuUseSince}
 * (the closed form of `decayedGpuHours`), so a cycle reads one row per tenant instead of every job
 * of the last days. Tenants without usage are absent. Equal to `decayedUsageByTenant(findGpuUseSince(...))`
 * up to floating-point rounding (the order of the sum differs).
 */
export async function findDecayedUsageByTenant(db: Db, since: Date, now: Date, halfLifeMs: number): Promise<Map<string, number>> {
  const nowMs = now.getTime();
  const k = Math.LN2 / halfLifeMs;
  const rows = await db.$queryRaw<{ tenant: string; gpuHours: number }[]>`
    SELECT u."tenantId" AS tenant,
      SUM(u.gpus * (EXP(-${k}::float8 * (${nowMs}::float8 - u.e)) - EXP(-${k}::float8 * (${nowMs}::float8 - u.s))) / ${k}::float8) / 3600000.0 AS "gpuHours"
    FROM (
      SELECT j."tenantId", (j."gpuCount" * j."gpuMilli" * j."gangSize") / 1000.0::float8 AS gpus,
        (EXTRACT(EPOCH FROM j."startedAt") * 1000)::float8 AS s,
        LEAST(
          (EXTRACT(EPOCH FROM COALESCE(j."finishedAt", CASE WHEN j.status IN ('RUNNING', 'PLACED') THEN ${now}::timestamp ELSE j."startedAt" END)) * 1000)::float8,
          ${nowMs}::float8
        ) AS e
      FROM "Job" j
      WHERE j."startedAt" IS NOT NULL AND j."startedAt" <= ${now}::timestamp AND (j."finishedAt" IS NULL OR j."finishedAt" > ${since}::timestamp)
    ) u
    WHERE u.e > u.s AND u.gpus > 0
    GROUP BY u."tenantId"`;
  return new Map(rows.map((r) => [r.tenant, Number(r.gpuHours)]));
}

/** Each tenant's fair-share weight (tenants without a quota row weigh 1). */
export async function findFairShareWeights(db: Db): Promise<Map<string, number>> {
  const rows = await db.tenantQuota.findMany({ select: { tenantId: true, fairShareWeight: true } });
  return new Map(rows.map((r) => [r.tenantId, r.fairShareWeight]));
}

/** Whole-GPU equivalents each tenant holds now per GPU model (shares on GPUs of nodes of that model). */
export async function findHeldGpusByTenantModel(db: Db): Promise<Map<string, Map<string, number>>> {
  const rows = await db.$queryRaw<{ tenantId: string; gpuModelId: string; gpus: number }[]>`SELECT j."tenantId", n."gpuModelId", SUM(s.milli) / 1000.0 AS gpus
    FROM "GpuShare" s JOIN "Gpu" g ON g.id = s."gpuId" JOIN "Node" n ON n.id = g."nodeId" JOIN "Job" j ON j.id = s."jobId"
    WHERE n."gpuModelId" IS NOT NULL
    GROUP BY j."tenantId", n."gpuModelId"`;
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) out.set(r.tenantId, (out.get(r.tenantId) ?? new Map<string, number>()).set(r.gpuModelId, Number(r.gpus)));
  return out;
}

/** Every tenant with its fair-share weight and per-model quotas, and the GPU models of the catalog. */
export async function findCohortQuotas(db: Db) {
  const [tenants, models] = await Promise.all([
    db.tenant.findMany({ orderBy: { name: "asc" }, include: { quota: { select: { fairShareWeight: true } }, gpuQuotas: { orderBy: { gpuModelId: "asc" } } } }),
    db.gpuModel.findMany({ orderBy: { id: "asc" }, select: { id: true } }),
  ]);
  return { tenants, models: models.map((m) => m.id) };
}

/** A tenant's per-model quota as the admin sets it. */
export interface ModelQuotaInput {
  gpuModelId: string;
  nominalGpus: number;
  borrowingLimitGpus: number | null;
  lendingLimitGpus: number | null;
}

/**
 * Sets a tenant's fair-share weight and replaces its per-model quotas, audited in the same
 * transaction. Null when the tenant does not exist; "no-quota" when it has no quota row to hold the weight.
 */
export async function replaceTenantFairShare(db: Db, tenantId: string, weight: number, quotas: readonly ModelQuotaInput[], actorId: string, at: Date) {
  return db.$transaction(async (tx) => {
    const before = await tx.tenant.findUnique({ where: { id: tenantId }, include: { quota: true, gpuQuotas: { orderBy: { gpuModelId: "asc" } } } });
    if (!before) return null;
    if (!before.quota) return "no-quota" as const;
    await tx.tenantQuota.update({ where: { tenantId }, data: { fairShareWeight: weight, updatedAt: at } });
    await tx.tenantGpuQuota.deleteMany({ where: { tenantId } });
    if (quotas.length) await tx.tenantGpuQuota.createMany({ data: quotas.map((q) => ({ tenantId, ...q, updatedAt: at })) });
    const view = (w: number, rows: readonly ModelQuotaInput[]) => ({
      fairShareWeight: w,
      modelQuotas: rows.map((q) => ({
        gpuModelId: q.gpuModelId,
        nominalGpus: q.nominalGpus,
        borrowingLimitGpus: q.borrowingLimitGpus,
        lendingLimitGpus: q.lendingLimitGpus,
      })),
    });
    await recordAudit(tx, {
      actorId,
      action: "tenant.fair-share",
      entityType: "Tenant",
      entityId: tenantId,
      before: view(before.quota.fairShareWeight, before.gpuQuotas),
      after: view(
        weight,
        [...quotas].sort((a, b) => a.gpuModelId.localeCompare(b.gpuModelId)),
      ),
      at,
    });
    return { id: before.id, slug: before.slug, name: before.name };
  });
}
