/**
 * The live loop's queue order: priority first, then weighted fair share among tenants (decayed
 * GPU-hours over weight, 24 h half-life; see docs/fair-share.md), then first come first served.
 */
import { FAIR_SHARE_HALF_LIFE_MS, orderByFairShare } from "../engine";
import type { Db } from "../db/client";
import { findDecayedUsageByTenant, findFairShareWeights } from "../repositories/fair-share-repository";
import type { QueuedJobRow } from "../repositories/fleet-repository";
import { findQueuedForOrder } from "../repositories/job-repository";

/** Usage older than this many half-lives weighs under 0.1% and is not read. */
const HISTORY_HALF_LIVES = 10;

/** The queued rows in fair-share order at `now`. */
export async function orderQueueByFairShare<
  R extends Pick<QueuedJobRow, "id" | "tenantId" | "priority" | "submittedAt" | "gpuCount" | "gpuMilli" | "gangSize" | "estimatedDurationS">,
>(db: Db, rows: readonly R[], now: Date): Promise<R[]> {
  if (rows.length < 2) return [...rows];
  const since = new Date(now.getTime() - HISTORY_HALF_LIVES * FAIR_SHARE_HALF_LIFE_MS);
  // Summed per tenant in SQL: the cycle and the jobs table's poll read one row per tenant, not every recent job.
  const [usage, weights] = await Promise.all([findDecayedUsageByTenant(db, since, now, FAIR_SHARE_HALF_LIFE_MS), findFairShareWeights(db)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const entries = rows.map((r) => ({ id: r.id, tenant: r.tenantId, priority: r.priority, submittedAtMs: r.submittedAt.getTime() }));
  // Each job taken is charged its expected GPU-hours, so a tenant's burst interleaves with the others.
  const charge = (e: { id: string }) => {
    const r = byId.get(e.id)!;
    return (((r.gpuCount * r.gpuMilli * r.gangSize) / 1000) * r.estimatedDurationS) / 3600;
  };
  return orderByFairShare(entries, usage, weights, charge).map((e) => byId.get(e.id)!);
}

/**
 * Queue positions (1 = next) of the given jobs among all queued jobs, in the scheduler's order at
 * `now` (priority, fair share, submission), with the queue's length. Only queued ids come back.
 */
export async function readQueuePositions(db: Db, ids: string[], now: Date): Promise<Map<string, { position: number; queued: number }>> {
  if (ids.length === 0) return new Map();
  const ordered = await orderQueueByFairShare(db, await findQueuedForOrder(db), now);
  const wanted = new Set(ids);
  const positions = new Map<string, { position: number; queued: number }>();
  ordered.forEach((row, i) => {
    if (wanted.has(row.id)) positions.set(row.id, { position: i + 1, queued: ordered.length });
  });
  return positions;
}
