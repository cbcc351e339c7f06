/**
 * Reads for the evaluation set: a decision picked by stable properties (outcome, tenant, position in
 * decision order) and the demo users who ask (an operator, a member of each tenant).
 */
import type { Db } from "../db/client";

/** The `nth` (from 0) decision with this outcome about the tenant's jobs, oldest first; null when there are fewer. */
export async function pickDecisionId(
  db: Db,
  pick: { outcome: "PLACED" | "DEFERRED" | "UNSCHEDULABLE"; tenantName: string; nth: number },
): Promise<string | null> {
  const row = await db.decision.findFirst({
    where: { outcome: pick.outcome, job: { tenant: { name: pick.tenantName } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: pick.nth,
    select: { id: true },
  });
  return row?.id ?? null;
}

/** The id of the first enabled operator (by e-mail), or null. */
export async function findOperatorId(db: Db): Promise<string | null> {
  const row = await db.user.findFirst({ where: { role: "OPERATOR", disabledAt: null }, orderBy: { email: "asc" }, select: { id: true } });
  return row?.id ?? null;
}

/** The id of the tenant's first enabled member (by e-mail), or null. */
export async function findTenantMemberId(db: Db, tenantName: string): Promise<string | null> {
  const row = await db.user.findFirst({
    where: { role: "TENANT_MEMBER", disabledAt: null, tenant: { name: tenantName } },
    orderBy: { email: "asc" },
    select: { id: true },
  });
  return row?.id ?? null;
}
