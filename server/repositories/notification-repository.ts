/** Queries of the notification subscriptions, the outbox (events and deliveries) and delivery attempts. */
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

type Writer = Db | Prisma.TransactionClient;

/** What the page lists of a subscription: never the secret, only whether one is set. */
const subscriptionView = {
  id: true,
  name: true,
  tenantId: true,
  channel: true,
  url: true,
  email: true,
  events: true,
  enabled: true,
  createdAt: true,
  updatedAt: true,
  signingSecret: true,
  tenant: { select: { name: true } },
} as const;

/** Subscriptions (all, or one tenant's), with the tenant's name and whether a secret is set. */
export async function findSubscriptions(db: Db, tenantId?: string) {
  const rows = await db.notificationSubscription.findMany({
    where: tenantId ? { tenantId } : {},
    select: subscriptionView,
    orderBy: [{ name: "asc" }, { createdAt: "asc" }],
  });
  return rows.map(({ signingSecret, tenant, ...r }) => ({ ...r, tenantName: tenant?.name ?? null, hasSigningSecret: signingSecret !== null }));
}

/** One subscription with its stored (sealed) secret, for the service. */
export function findSubscriptionRow(db: Writer, id: string) {
  return db.notificationSubscription.findUnique({ where: { id } });
}

/** Enabled subscriptions, with their sealed secrets (the producer and the sender read these). */
export function findEnabledSubscriptions(db: Db) {
  return db.notificationSubscription.findMany({ where: { enabled: true }, orderBy: { createdAt: "asc" } });
}

/** Where the notifier stopped reading the source `name`. */
export async function readCursor(db: Db, name: string): Promise<Date | null> {
  return (await db.notificationCursor.findUnique({ where: { name } }))?.at ?? null;
}

/** Moves the cursor of `name` to `at`. */
export async function writeCursor(db: Db, name: string, at: Date): Promise<void> {
  await db.notificationCursor.upsert({ where: { name }, create: { name, at }, update: { at } });
}

/** Run events recorded at or after `since` (database time), with what a payload names. */
export function findJobEventsSince(db: Db, since: Date, take: number) {
  return db.jobEvent.findMany({
    where: { createdAt: { gte: since }, kind: { in: ["started", "succeeded", "failed", "start-failed", "stopped"] } },
    orderBy: { createdAt: "asc" },
    take,
    select: {
      id: true,
      kind: true,
      at: true,
      message: true,
      clusterId: true,
      createdAt: true,
      job: { select: { id: true, name: true, status: true, tenantId: true, gpuCount: true, gangSize: true, tenant: { select: { name: true } } } },
    },
  });
}

/** Names of clusters by id. */
export async function findClusterNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.cluster.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The database's clock (the job events' createdAt comes from it). */
export async function databaseNow(db: Db): Promise<Date> {
  const rows = await db.$queryRaw<{ now: Date }[]>`SELECT CAST(now() AS timestamp(3)) AS now`;
  return rows[0]!.now;
}

/** Whether an event with this key was written already. */
export async function eventExists(db: Db, key: string): Promise<boolean> {
  return (await db.notificationEvent.count({ where: { key } })) > 0;
}

/** An event to write into the outbox. */
export interface OutboxEvent {
  key: string;
  kind: string;
  tenantId: string | null;
  occurredAt: Date;
  /** JSON-serialisable body. */
  payload: unknown;
}

/**
 * Writes the event and one PENDING delivery per subscription, due at `dueAt`, in one transaction;
 * false (nothing written) when the key exists already.
 */
export async function insertOutboxEvent(db: Db, event: OutboxEvent, subscriptionIds: string[], dueAt: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const created = await tx.notificationEvent.createMany({ data: [{ ...event, payload: event.payload as Prisma.InputJsonValue }], skipDuplicates: true });
    if (created.count === 0) return false;
    const { id } = await tx.notificationEvent.findUniqueOrThrow({ where: { key: event.key }, select: { id: true } });
    await tx.notificationDelivery.createMany({ data: subscriptionIds.map((subscriptionId) => ({ eventId: id, subscriptionId, nextAttemptAt: dueAt })) });
    return true;
  });
}

/** Pending deliveries due at `now` (or only one delivery, or one event's), oldest first, with their event and subscription. */
export function findDueDeliveries(db: Db, now: Date, take: number, only: { deliveryId?: string; eventKey?: string } = {}) {
  return db.notificationDelivery.findMany({
    where: {
      status: "PENDING",
      nextAttemptAt: { lte: now },
      subscription: { enabled: true },
      ...(only.deliveryId ? { id: only.deliveryId } : {}),
      ...(only.eventKey ? { event: { key: only.eventKey } } : {}),
    },
    orderBy: { nextAttemptAt: "asc" },
    take,
    include: { event: true, subscription: true },
  });
}

/** One attempt's result and the delivery's next state, written together. */
export interface AttemptResult {
  deliveryId: string;
  at: Date;
  durationMs: number;
  httpStatus: number | null;
  smtpResponse?: string | null;
  error: string | null;
  ok: boolean;
  /** The delivery after it: DELIVERED, FAILED, or PENDING until `nextAttemptAt`. */
  status: "DELIVERED" | "FAILED" | "PENDING";
  nextAttemptAt: Date | null;
}

/** Records an attempt and moves its delivery on. */
export async function recordAttempt(db: Db, r: AttemptResult): Promise<void> {
  await db.$transaction([
    db.notificationAttempt.create({
      data: {
        deliveryId: r.deliveryId,
        at: r.at,
        durationMs: r.durationMs,
        httpStatus: r.httpStatus,
        smtpResponse: r.smtpResponse ?? null,
        error: r.error,
        ok: r.ok,
      },
    }),
    db.notificationDelivery.update({
      where: { id: r.deliveryId },
      data: {
        status: r.status,
        attemptCount: { increment: 1 },
        nextAttemptAt: r.nextAttemptAt,
        lastError: r.ok ? null : r.error,
        ...(r.ok ? { deliveredAt: r.at } : {}),
      },
    }),
  ]);
}

/** Puts a FAILED delivery back in the queue, due now; false when it is not failed. */
export async function requeueDelivery(db: Db, id: string, now: Date): Promise<boolean> {
  const updated = await db.notificationDelivery.updateMany({
    where: { id, status: "FAILED" },
    data: { status: "PENDING", nextAttemptAt: now, attemptCount: 0 },
  });
  return updated.count > 0;
}

/** The latest deliveries with the names the page shows and their attempts (newest first). */
export async function findRecentDeliveries(db: Db, take: number, tenantId?: string) {
  const rows = await db.notificationDelivery.findMany({
    where: tenantId ? { subscription: { tenantId } } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      status: true,
      attemptCount: true,
      nextAttemptAt: true,
      deliveredAt: true,
      lastError: true,
      createdAt: true,
      event: { select: { kind: true, occurredAt: true, payload: true } },
      subscription: { select: { name: true, channel: true } },
      attempts: {
        orderBy: { at: "desc" },
        take: 10,
        select: { id: true, at: true, durationMs: true, httpStatus: true, smtpResponse: true, error: true, ok: true },
      },
    },
  });
  return rows.map(({ event, subscription, ...r }) => ({
    ...r,
    kind: event.kind,
    occurredAt: event.occurredAt,
    subject: (event.payload as { subject?: string } | null)?.subject ?? "",
    subscriptionName: subscription.name,
    channel: subscription.channel,
  }));
}

/** Attempts by channel and success, for verdant_notifications_delivered_total. */
export async function countAttemptsByOutcome(db: Db) {
  const rows = await db.$queryRaw<{ channel: string; ok: boolean; n: bigint }[]>`SELECT s.channel, a.ok, count(*) AS n
    FROM "NotificationAttempt" a JOIN "NotificationDelivery" d ON d.id = a."deliveryId" JOIN "NotificationSubscription" s ON s.id = d."subscriptionId"
    GROUP BY s.channel, a.ok`;
  return rows.map((r) => ({ channel: r.channel, ok: r.ok, count: Number(r.n) }));
}

/** Tenants with a monthly GPU-hours quota or carbon budget, with their names. */
export function findTenantLimits(db: Db) {
  return db.tenantQuota.findMany({
    where: { OR: [{ maxGpuHoursPerMonth: { not: null } }, { carbonBudgetKgPerMonth: { not: null } }] },
    select: { tenantId: true, maxGpuHoursPerMonth: true, carbonBudgetKgPerMonth: true, tenant: { select: { name: true } } },
  });
}

/** Enabled carbon feeds with their zone's name. */
export function findEnabledFeeds(db: Db) {
  return db.carbonFeed.findMany({
    where: { enabled: true },
    select: {
      id: true,
      provider: true,
      zoneId: true,
      pollIntervalS: true,
      lastSuccessAt: true,
      lastError: true,
      createdAt: true,
      zone: { select: { name: true } },
    },
  });
}

/** Clusters whose circuit breaker counts them unreachable now. */
export function findUnreachableClusters(db: Db) {
  return db.clusterConnection.findMany({
    where: { unreachableSince: { not: null } },
    select: { clusterId: true, unreachableSince: true, unreachableReason: true, cluster: { select: { name: true } } },
  });
}

/** A subscription's stored fields as written by the service. */
export interface SubscriptionWrite {
  name: string;
  tenantId: string | null;
  channel: string;
  url: string | null;
  email: string | null;
  signingSecret: string | null;
  events: string[];
  enabled: boolean;
}

/** Creates or updates a subscription. */
export function saveSubscriptionRow(tx: Writer, id: string | undefined, data: SubscriptionWrite) {
  return id ? tx.notificationSubscription.update({ where: { id }, data }) : tx.notificationSubscription.create({ data });
}

/** Deletes a subscription (its deliveries go with it). */
export function deleteSubscriptionRow(tx: Writer, id: string) {
  return tx.notificationSubscription.delete({ where: { id } });
}

/** Whether the tenant exists. */
export async function tenantExists(db: Writer, id: string): Promise<boolean> {
  return (await db.tenant.count({ where: { id } })) > 0;
}

/** A delivery's status (the retry checks it). */
export function findDeliveryStatus(db: Db, id: string) {
  return db.notificationDelivery.findUnique({ where: { id }, select: { status: true } });
}

/** The outgoing mail server's row (its password sealed), or null when none is set. */
export function findSmtpSetting(db: Writer) {
  return db.smtpSetting.findUnique({ where: { id: "global" } });
}

/** The SMTP setting as stored. */
export interface SmtpWrite {
  host: string;
  port: number;
  secure: boolean;
  fromAddress: string;
  username: string | null;
  password: string | null;
}

/** Writes the one SMTP setting row. */
export function saveSmtpSettingRow(tx: Writer, data: SmtpWrite) {
  return tx.smtpSetting.upsert({ where: { id: "global" }, create: { id: "global", ...data }, update: data });
}
