/**
 * The admin's side of notifications: subscriptions (validated, secrets sealed, audited), the recent
 * deliveries with their attempts, a test event sent at once, and a failed delivery tried again.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { recordAudit } from "../../repositories/audit-repository";
import {
  deleteSubscriptionRow,
  findDeliveryStatus,
  findRecentDeliveries,
  findSubscriptionRow,
  findSmtpSetting,
  findSubscriptions,
  requeueDelivery,
  saveSmtpSettingRow,
  saveSubscriptionRow,
  tenantExists,
} from "../../repositories/notification-repository";
import { FLEET_KINDS, type NotificationSubscriptionInput, type SmtpSettingInput } from "../../schemas/notification-form";
import { sealStoredSecret, SECRET_PURPOSES } from "../../secrets/stored-secrets";
import type { HostLookup } from "../../security/private-address";
import { DomainError, fieldError } from "../errors";
import { assertFeedUrlAllowed } from "../feed-url-policy";
import { deliverDue, defaultDeliverDeps, type DeliverDeps } from "./deliver";
import { emitToSubscriptions } from "./produce-events";

/** Deliveries the page lists. */
const RECENT_DELIVERIES = 50;

/** Every subscription, without secrets. */
export const listSubscriptions = (db: Db) => findSubscriptions(db);

/** The latest deliveries with their attempts. */
export const listDeliveries = (db: Db) => findRecentDeliveries(db, RECENT_DELIVERIES);

/** What the audit log keeps of a subscription (never the secret). */
function audited(row: {
  name: string;
  tenantId: string | null;
  channel: string;
  url: string | null;
  email: string | null;
  events: string[];
  enabled: boolean;
  signingSecret: string | null;
}) {
  return {
    name: row.name,
    tenantId: row.tenantId,
    channel: row.channel,
    url: row.url,
    email: row.email,
    events: row.events,
    enabled: row.enabled,
    hasSigningSecret: row.signingSecret !== null,
  };
}

/** Creates or updates a subscription; the URL passes the feeds' address policy, checked under the field `url`. */
export async function saveSubscription(db: Db, actorId: string, input: NotificationSubscriptionInput, now: Date, lookup?: HostLookup) {
  if (input.tenantId && input.events.some((k) => FLEET_KINDS.includes(k)))
    throw fieldError(
      "events",
      "A tenant's subscription receives only that tenant's events: untick stale carbon feeds and unreachable clusters, or choose all tenants.",
    );
  if (input.channel === "webhook") await assertFeedUrlAllowed(db, input.url, lookup, { name: "url", label: "webhook URL" });
  return db.$transaction(async (tx) => {
    if (input.tenantId && !(await tenantExists(tx, input.tenantId))) throw fieldError("tenantId", "That tenant does not exist (any more).");
    const before = input.id ? await findSubscriptionRow(tx, input.id) : null;
    if (input.id && !before) throw new DomainError("NOT_FOUND", "That subscription does not exist (any more).");
    const signingSecret =
      input.channel === "email" || input.signingSecret === ""
        ? null
        : input.signingSecret === null
          ? (before?.signingSecret ?? null)
          : sealStoredSecret(SECRET_PURPOSES.notificationSigningSecret, input.signingSecret);
    const row = await saveSubscriptionRow(tx, input.id, {
      name: input.name,
      tenantId: input.tenantId,
      channel: input.channel,
      url: input.channel === "webhook" ? input.url : null,
      email: input.channel === "email" ? input.email : null,
      signingSecret,
      events: input.events,
      enabled: input.enabled,
    });
    await recordAudit(tx, {
      actorId,
      action: input.id ? "notificationSubscription.update" : "notificationSubscription.create",
      entityType: "NotificationSubscription",
      entityId: row.id,
      before: before ? audited(before) : undefined,
      after: audited(row),
      at: now,
    });
    return { id: row.id, name: row.name };
  });
}

/** Deletes a subscription and its deliveries. */
export async function removeSubscription(db: Db, actorId: string, id: string, now: Date) {
  return db.$transaction(async (tx) => {
    const before = await findSubscriptionRow(tx, id);
    if (!before) throw new DomainError("NOT_FOUND", "That subscription does not exist (any more).");
    await deleteSubscriptionRow(tx, id);
    await recordAudit(tx, {
      actorId,
      action: "notificationSubscription.delete",
      entityType: "NotificationSubscription",
      entityId: id,
      before: audited(before),
      at: now,
    });
    return { name: before.name };
  });
}

/** Sends a "test" event to one subscription now; the attempt is recorded like any other. */
export async function sendTestEvent(db: Db, id: string, now: Date, deps: DeliverDeps = defaultDeliverDeps) {
  const sub = await findSubscriptionRow(db, id);
  if (!sub) throw new DomainError("NOT_FOUND", "That subscription does not exist (any more).");
  if (!sub.enabled) throw new DomainError("PRECONDITION_FAILED", `${sub.name} is disabled; enable it to send a test event.`);
  const key = `test:${sub.id}:${now.getTime()}:${randomBytes(4).toString("hex")}`;
  await emitToSubscriptions(
    db,
    [sub.id],
    { id: key, type: "test", occurredAt: now.toISOString(), tenant: null, subject: `A test event for ${sub.name}.`, data: { subscription: sub.name } },
    now,
  );
  return deliverDue(db, now, deps, { eventKey: key });
}

/** Tries a failed delivery again now (its attempts start over). */
export async function retryDelivery(db: Db, id: string, now: Date, deps: DeliverDeps = defaultDeliverDeps) {
  const current = await findDeliveryStatus(db, id);
  if (!current) throw new DomainError("NOT_FOUND", "That delivery does not exist (any more).");
  if (!(await requeueDelivery(db, id, now)))
    throw new DomainError("PRECONDITION_FAILED", `Only a failed delivery can be retried; this one is ${current.status.toLowerCase()}.`);
  return deliverDue(db, now, deps, { deliveryId: id });
}

/** The outgoing mail server without its password (only whether one is set), or null when none is set. */
export async function getSmtpSetting(db: Db) {
  const row = await findSmtpSetting(db);
  if (!row) return null;
  return {
    host: row.host,
    port: row.port,
    secure: row.secure,
    fromAddress: row.fromAddress,
    username: row.username,
    hasPassword: row.password !== null,
    updatedAt: row.updatedAt,
  };
}

/** Sets the outgoing mail server; the password is sealed (null keeps it, "" removes it); audited without it. */
export async function saveSmtpSetting(db: Db, actorId: string, input: SmtpSettingInput, now: Date) {
  return db.$transaction(async (tx) => {
    const before = await findSmtpSetting(tx);
    const password =
      input.password === "" ? null : input.password === null ? (before?.password ?? null) : sealStoredSecret(SECRET_PURPOSES.smtpPassword, input.password);
    const row = await saveSmtpSettingRow(tx, {
      host: input.host,
      port: input.port,
      secure: input.secure,
      fromAddress: input.fromAddress,
      username: input.username || null,
      password,
    });
    const view = (r: typeof row) => ({
      host: r.host,
      port: r.port,
      secure: r.secure,
      fromAddress: r.fromAddress,
      username: r.username,
      hasPassword: r.password !== null,
    });
    await recordAudit(tx, {
      actorId,
      action: "smtpSetting.update",
      entityType: "SmtpSetting",
      entityId: "global",
      before: before ? view(before) : undefined,
      after: view(row),
      at: now,
    });
    return { host: row.host };
  });
}
