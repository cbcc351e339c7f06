/**
 * The worker's notification pass: write the outbox events that are due, then try the deliveries that
 * are due. Tenant thresholds are checked once a minute (a usage query per tenant with a limit); the
 * rest every cycle.
 */
import type { Db } from "../../db/client";
import { deliverDue, defaultDeliverDeps, type DeliverDeps, type DeliverReport } from "./deliver";
import { produceNotificationEvents, type ProduceReport } from "./produce-events";

const THRESHOLD_EVERY_MS = 60_000;

/** A pass runner that remembers when thresholds were last checked. */
export function createNotificationPass(db: Db, deps: DeliverDeps = defaultDeliverDeps) {
  let lastThresholdMs = -Infinity;
  return async function notificationPass(at: Date): Promise<ProduceReport & DeliverReport> {
    const includeThresholds = at.getTime() - lastThresholdMs >= THRESHOLD_EVERY_MS;
    const produced = await produceNotificationEvents(db, at, { includeThresholds });
    if (includeThresholds) lastThresholdMs = at.getTime();
    return { ...produced, ...(await deliverDue(db, at, deps)) };
  };
}
