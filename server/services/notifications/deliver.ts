/**
 * Delivers what is due in the outbox: each pending delivery is POSTed to its webhook (signed when the
 * subscription has a secret) or mailed through the outgoing mail server, with a timeout, and every attempt is recorded with its time, HTTP status
 * or error and duration. A 2xx answer delivers; anything else (another status, a redirect, a refused
 * or timed-out connection, an address the URL policy refuses) is retried on the back-off schedule
 * until the attempts run out.
 */
import type { Db } from "../../db/client";
import { addressCheckedFetch, type FeedFetch } from "../../carbon-feeds/http-fetch";
import { findDueDeliveries, findSmtpSetting, recordAttempt } from "../../repositories/notification-repository";
import { findSystemSettings } from "../../repositories/system-settings-repository";
import { openStoredSecret, SECRET_PURPOSES } from "../../secrets/stored-secrets";
import { eachLimited } from "../job-runner/settle-tasks";
import { sendEventMail, type SmtpConfig } from "./email-send";
import type { NotificationPayload } from "./produce-events";
import { DELIVERY_TIMEOUT_MS, retryDelayMs } from "./retry-schedule";
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature";

/** Deliveries read per pass, and sent at once. */
const BATCH = 50;
const PARALLEL = 4;

/** Injected effects (tests shorten the timeout). */
export interface DeliverDeps {
  fetch: FeedFetch;
  timeoutMs: number;
}

/** Production effects: the feeds' address-checked fetch (it refuses internal addresses at connect time) and a 10 s timeout. */
export const defaultDeliverDeps: DeliverDeps = { fetch: addressCheckedFetch, timeoutMs: DELIVERY_TIMEOUT_MS };

/** What one delivery pass did. */
export interface DeliverReport {
  attempted: number;
  delivered: number;
  failed: number;
}

/** The request's outcome: a status (or the mail server's reply), or the error that stopped it. */
interface SendOutcome {
  httpStatus: number | null;
  smtpResponse?: string | null;
  error: string | null;
}

/** The mail server with its password opened, or null when none is set. */
async function smtpConfig(db: Db): Promise<SmtpConfig | null> {
  const row = await findSmtpSetting(db);
  if (!row) return null;
  const password = row.password ? openStoredSecret(SECRET_PURPOSES.smtpPassword, row.password, "outgoing mail server: password") : null;
  return { host: row.host, port: row.port, secure: row.secure, fromAddress: row.fromAddress, username: row.username, password };
}

/** The reason in a fetch failure (undici hides it in `cause`). */
function errorText(error: unknown, timeoutMs: number): string {
  const e = error as Error & { cause?: Error & { code?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError") return `no answer within ${timeoutMs / 1000} s`;
  const cause = e.cause?.message ?? e.cause?.code;
  return (cause ? `${e.message}: ${cause}` : e.message).slice(0, 500);
}

/** POSTs `body` to `url`; never throws. */
export async function sendWebhook(deps: DeliverDeps, url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<SendOutcome> {
  try {
    const response = await deps.fetch(
      url,
      {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "user-agent": "Verdant-Webhooks/1", ...headers },
        redirect: "manual",
        signal: AbortSignal.timeout(deps.timeoutMs),
      },
      { allowPrivate },
    );
    await response.body?.cancel().catch(() => {});
    const ok = response.status >= 200 && response.status < 300;
    return { httpStatus: response.status, error: ok ? null : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}` };
  } catch (error) {
    return { httpStatus: null, error: errorText(error, deps.timeoutMs) };
  }
}

/** Tries every delivery due at `now` once (or only the one delivery, or one event's, that `only` names). */
export async function deliverDue(
  db: Db,
  now: Date,
  deps: DeliverDeps = defaultDeliverDeps,
  only: { deliveryId?: string; eventKey?: string } = {},
): Promise<DeliverReport> {
  const report: DeliverReport = { attempted: 0, delivered: 0, failed: 0 };
  const due = await findDueDeliveries(db, now, BATCH, only);
  if (due.length === 0) return report;
  const { allowPrivateFeedUrls } = await findSystemSettings(db);
  // Read once per pass, and only when an e-mail is due; a password that cannot be opened fails those attempts, not the pass.
  let smtp: Promise<SmtpConfig | null> | null = null;
  await eachLimited(due, PARALLEL, async (d) => {
    const body = JSON.stringify(d.event.payload);
    const headers: Record<string, string> = { "X-Verdant-Event": d.event.kind, "X-Verdant-Delivery": d.id };
    let outcome: SendOutcome;
    const started = performance.now();
    try {
      if (d.subscription.channel === "email") {
        const server = await (smtp ??= smtpConfig(db));
        outcome = server
          ? {
              httpStatus: null,
              ...(await sendEventMail(server, d.subscription.email ?? "", d.event.payload as unknown as NotificationPayload, deps.timeoutMs)),
            }
          : { httpStatus: null, error: "no outgoing mail server is set (Admin › Notifications › Outgoing e-mail)" };
      } else {
        if (d.subscription.signingSecret) {
          const secret = openStoredSecret(
            SECRET_PURPOSES.notificationSigningSecret,
            d.subscription.signingSecret,
            `notification ${d.subscription.name}: signing secret`,
          );
          headers[SIGNATURE_HEADER] = signWebhook(secret, body, now.getTime());
        }
        outcome = await sendWebhook(deps, d.subscription.url ?? "", body, headers, allowPrivateFeedUrls);
      }
    } catch (error) {
      outcome = { httpStatus: null, error: (error as Error).message.slice(0, 500) };
    }
    const durationMs = Math.round(performance.now() - started);
    const attempt = d.attemptCount + 1;
    const ok = outcome.error === null;
    const delay = ok ? null : retryDelayMs(attempt);
    await recordAttempt(db, {
      deliveryId: d.id,
      at: now,
      durationMs,
      httpStatus: outcome.httpStatus,
      smtpResponse: outcome.smtpResponse ?? null,
      error: outcome.error,
      ok,
      status: ok ? "DELIVERED" : delay === null ? "FAILED" : "PENDING",
      nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
    });
    report.attempted++;
    if (ok) report.delivered++;
    else if (delay === null) report.failed++;
  });
  return report;
}
