/**
 * verdant_notifications_delivered_total{channel,outcome}: delivery attempts recorded in the database,
 * by channel and by outcome (`delivered`: a 2xx answer; `failed`: anything else, retried or not).
 * Registered into each scrape's registry by prometheus-metrics.ts.
 */
import { Counter, type Registry } from "prom-client";
import type { Db } from "../../db/client";
import { countAttemptsByOutcome } from "../../repositories/notification-repository";

/** Adds the notification series to one scrape's registries (every channel and outcome present from the first scrape, at 0). */
export async function registerNotificationMetrics(db: Db, registers: Registry[]): Promise<void> {
  const counter = new Counter({
    name: "verdant_notifications_delivered_total",
    help: "Notification delivery attempts by channel and outcome (delivered: answered 2xx; failed: any other answer, an error or a timeout).",
    labelNames: ["channel", "outcome"],
    registers,
  });
  for (const channel of ["webhook", "email"]) for (const outcome of ["delivered", "failed"]) counter.inc({ channel, outcome }, 0);
  for (const r of await countAttemptsByOutcome(db)) counter.inc({ channel: r.channel, outcome: r.ok ? "delivered" : "failed" }, r.count);
}
