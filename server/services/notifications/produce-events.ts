/**
 * Writes notification events into the outbox, each under a key that makes it happen once: a run
 * event of a job (read from the job event log past a cursor), a tenant reaching 80 % of its monthly
 * GPU-hours quota or carbon budget (once per tenant and month), a carbon feed gone stale and a
 * cluster counted unreachable (once per episode: the last success or the breaker's opening names it).
 * Nothing is written for an event no enabled subscription asks for.
 */
import type { Db } from "../../db/client";
import {
  databaseNow,
  eventExists,
  findClusterNames,
  findEnabledFeeds,
  findEnabledSubscriptions,
  findJobEventsSince,
  findTenantLimits,
  findUnreachableClusters,
  insertOutboxEvent,
  readCursor,
  writeCursor,
} from "../../repositories/notification-repository";
import { readTenantUsage } from "../../repositories/usage-repository";
import { matchingSubscriptions, type MatchableSubscription } from "./subscription-match";

/** Share of a monthly limit at which the tenant is told. */
export const THRESHOLD_SHARE = 0.8;
/** A feed is stale after this many poll intervals without a success (and never sooner than 15 minutes). */
export const STALE_POLL_INTERVALS = 3;
const MIN_STALE_MS = 15 * 60_000;
/** Re-read this far behind the cursor, so events committed late by a concurrent transaction are not missed (the keys drop repeats). */
const CURSOR_OVERLAP_MS = 5_000;
const JOB_EVENT_BATCH = 2000;
const JOB_CURSOR = "job-events";

/** The body every receiver gets (see docs/notifications.md). */
export interface NotificationPayload {
  /** The event's key: the same event is never sent under another id, so receivers can drop repeats. */
  id: string;
  type: string;
  occurredAt: string;
  tenant: { id: string; name: string } | null;
  /** One sentence for people. */
  subject: string;
  data: Record<string, unknown>;
}

/** What one producer pass wrote. */
export interface ProduceReport {
  events: number;
  deliveries: number;
}

type Emit = (payload: NotificationPayload) => Promise<void>;

function emitter(db: Db, subscriptions: MatchableSubscription[], now: Date, report: ProduceReport): Emit {
  return async (payload) => {
    const ids = matchingSubscriptions(subscriptions, payload.type, payload.tenant?.id ?? null);
    if (ids.length === 0) return;
    const written = await insertOutboxEvent(
      db,
      {
        key: payload.id,
        kind: payload.type,
        tenantId: payload.tenant?.id ?? null,
        occurredAt: new Date(payload.occurredAt),
        payload: payload,
      },
      ids,
      now,
    );
    if (written) {
      report.events++;
      report.deliveries += ids.length;
    }
  };
}

const JOB_KINDS: Record<string, string> = { started: "job.started", succeeded: "job.finished", failed: "job.failed", stopped: "job.preempted" };
const JOB_WORDS: Record<string, string> = { "job.started": "started", "job.finished": "finished", "job.failed": "failed", "job.preempted": "was preempted" };

/** Run events since the cursor: started, finished, failed (a run, or a start with no attempts left), preempted. */
async function produceJobEvents(db: Db, subscriptions: (MatchableSubscription & { createdAt: Date })[], emit: Emit): Promise<void> {
  const wanted = subscriptions.some((s) => s.enabled && s.events.some((k) => k.startsWith("job.")));
  let cursor = await readCursor(db, JOB_CURSOR);
  if (!wanted) {
    // Nobody listens: move the cursor along so a later subscription does not receive old history.
    if (cursor) await writeCursor(db, JOB_CURSOR, await databaseNow(db));
    return;
  }
  // First read: from when the earliest listening subscription was made (the same database clock as the events).
  cursor ??= new Date(Math.min(...subscriptions.filter((s) => s.enabled && s.events.some((k) => k.startsWith("job."))).map((s) => s.createdAt.getTime())));
  const rows = await findJobEventsSince(db, new Date(cursor.getTime() - CURSOR_OVERLAP_MS), JOB_EVENT_BATCH);
  const clusterNames = await findClusterNames(db, [...new Set(rows.flatMap((r) => (r.clusterId ? [r.clusterId] : [])))]);
  for (const row of rows) {
    const kind = row.kind === "start-failed" ? (row.job.status === "FAILED" ? "job.failed" : null) : (JOB_KINDS[row.kind] ?? null);
    if (!kind) continue;
    const cluster = row.clusterId ? { id: row.clusterId, name: clusterNames.get(row.clusterId) ?? row.clusterId } : null;
    await emit({
      id: `${kind}:${row.job.id}:${row.at.getTime()}`,
      type: kind,
      occurredAt: row.at.toISOString(),
      tenant: { id: row.job.tenantId, name: row.job.tenant.name },
      subject: `Job ${row.job.name} ${JOB_WORDS[kind]}${cluster && kind === "job.started" ? ` on ${cluster.name}` : ""}.`,
      data: { job: { id: row.job.id, name: row.job.name, status: row.job.status, gpus: row.job.gpuCount * row.job.gangSize }, cluster, message: row.message },
    });
  }
  const last = rows.at(-1)?.createdAt;
  // A full batch moves on without the overlap, so a burst larger than the overlap window cannot stall the cursor.
  const next = last ? (rows.length === JOB_EVENT_BATCH ? new Date(last.getTime() + CURSOR_OVERLAP_MS) : last) : cursor;
  await writeCursor(db, JOB_CURSOR, next.getTime() > cursor.getTime() ? next : cursor);
}

/** Tenants at 80 % of this month's GPU-hours quota or carbon budget: once per tenant, limit and month. */
export async function produceThresholdEvents(db: Db, subscriptions: MatchableSubscription[], now: Date, emit: Emit): Promise<void> {
  if (!subscriptions.some((s) => s.enabled && s.events.some((k) => k.startsWith("tenant.")))) return;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const month = monthStart.toISOString().slice(0, 7);
  for (const limits of await findTenantLimits(db)) {
    const checks = [
      { kind: "tenant.quota-80", limit: limits.maxGpuHoursPerMonth, unit: "GPU-hours", read: (u: { gpuHours: number }) => u.gpuHours },
      {
        kind: "tenant.carbon-budget-80",
        limit: limits.carbonBudgetKgPerMonth,
        unit: "kg CO2e",
        read: (u: { emissionsGCo2e: number }) => u.emissionsGCo2e / 1000,
      },
    ].filter((c) => c.limit !== null && c.limit > 0);
    const pending = [];
    for (const c of checks) if (!(await eventExists(db, `${c.kind}:${limits.tenantId}:${month}`))) pending.push(c);
    if (pending.length === 0) continue;
    const usage = await readTenantUsage(db, limits.tenantId, monthStart, now);
    for (const c of pending) {
      const used = c.read(usage);
      const share = used / c.limit!;
      if (share < THRESHOLD_SHARE) continue;
      const what = c.kind === "tenant.quota-80" ? "GPU-hours quota" : "carbon budget";
      await emit({
        id: `${c.kind}:${limits.tenantId}:${month}`,
        type: c.kind,
        occurredAt: now.toISOString(),
        tenant: { id: limits.tenantId, name: limits.tenant.name },
        subject: `${limits.tenant.name} has used ${Math.floor(share * 100)} % of its ${month} ${what} (${round(used)} of ${round(c.limit!)} ${c.unit}).`,
        data: { month, used: round(used), limit: c.limit, unit: c.unit, share: Math.round(share * 1000) / 1000 },
      });
    }
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Feeds without a success for 3 poll intervals (at least 15 minutes): once per episode. */
async function produceStaleFeedEvents(db: Db, subscriptions: MatchableSubscription[], now: Date, emit: Emit): Promise<void> {
  if (!subscriptions.some((s) => s.enabled && s.tenantId === null && s.events.includes("feed.stale"))) return;
  for (const feed of await findEnabledFeeds(db)) {
    const since = feed.lastSuccessAt ?? feed.createdAt;
    if (now.getTime() - since.getTime() <= Math.max(MIN_STALE_MS, STALE_POLL_INTERVALS * feed.pollIntervalS * 1000)) continue;
    await emit({
      id: `feed.stale:${feed.id}:${since.getTime()}`,
      type: "feed.stale",
      occurredAt: now.toISOString(),
      tenant: null,
      subject: `The ${feed.provider} carbon feed of ${feed.zone.name} has had no successful poll since ${since.toISOString()}.`,
      data: {
        feed: { id: feed.id, provider: feed.provider, zone: feed.zone.name },
        lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
        lastError: feed.lastError,
      },
    });
  }
}

/** Clusters whose breaker is open: once per opening. */
async function produceUnreachableEvents(db: Db, subscriptions: MatchableSubscription[], emit: Emit): Promise<void> {
  if (!subscriptions.some((s) => s.enabled && s.tenantId === null && s.events.includes("cluster.unreachable"))) return;
  for (const c of await findUnreachableClusters(db)) {
    const since = c.unreachableSince!;
    await emit({
      id: `cluster.unreachable:${c.clusterId}:${since.getTime()}`,
      type: "cluster.unreachable",
      occurredAt: since.toISOString(),
      tenant: null,
      subject: `Cluster ${c.cluster.name} is unreachable${c.unreachableReason ? `: ${c.unreachableReason}` : ""}.`,
      data: { cluster: { id: c.clusterId, name: c.cluster.name }, reason: c.unreachableReason },
    });
  }
}

/**
 * One producer pass at `now`. `includeThresholds` is false on most cycles (the worker checks
 * thresholds once a minute: each costs a usage query per tenant with a limit).
 */
export async function produceNotificationEvents(db: Db, now: Date, options: { includeThresholds?: boolean } = {}): Promise<ProduceReport> {
  const report: ProduceReport = { events: 0, deliveries: 0 };
  const subscriptions = await findEnabledSubscriptions(db);
  const emit = emitter(db, subscriptions, now, report);
  await produceJobEvents(db, subscriptions, emit);
  if (options.includeThresholds ?? true) await produceThresholdEvents(db, subscriptions, now, emit);
  await produceStaleFeedEvents(db, subscriptions, now, emit);
  await produceUnreachableEvents(db, subscriptions, emit);
  return report;
}

/** Writes one outbox event for the given subscriptions only (the page's test event). */
export async function emitToSubscriptions(db: Db, subscriptionIds: string[], payload: NotificationPayload, now: Date): Promise<boolean> {
  return insertOutboxEvent(
    db,
    {
      key: payload.id,
      kind: payload.type,
      tenantId: payload.tenant?.id ?? null,
      occurredAt: new Date(payload.occurredAt),
      payload: payload,
    },
    subscriptionIds,
    now,
  );
}
