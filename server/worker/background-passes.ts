/**
 * Work the leader starts beside its cycles because it waits on outside services: carbon feed polls
 * (with their retries) and Kubernetes inventory imports. Each runs one pass at a time; a cycle that
 * finds a pass still under way does not start another.
 */
import type { Db } from "../db/client";
import { pollDueFeeds } from "../carbon-feeds/feed-scheduler";
import type { FetchDeps } from "../carbon-feeds/http-fetch";
import type { Logger } from "../logging/logger";
import type { JobRunner } from "../services/job-runner";
import { createNotificationPass } from "../services/notifications/notification-pass";

/** The feed and inventory passes of one worker. */
export function createBackgroundPasses(db: Db, runner: JobRunner, feedDeps: FetchDeps, log: Logger) {
  let feedPass: Promise<void> | null = null;
  let inventoryPass: Promise<void> | null = null;
  let notificationPass: Promise<void> | null = null;
  const notify = createNotificationPass(db);
  return {
    /** Polls the feeds that are due, unless a feed pass is still under way. */
    startFeedPass(at: Date): void {
      feedPass ??= pollDueFeeds(db, at, feedDeps)
        .then(
          (r) =>
            void ((r.polled || r.failed) && log[r.failed ? "warn" : "info"]({ event: "feeds", polled: r.polled, failed: r.failed }, "carbon feeds polled")),
        )
        .catch((error: Error) => log.error({ event: "feeds-error", error: error.message.split("\n")[0] }, "carbon feed pass failed"))
        .finally(() => (feedPass = null));
    },
    /** Imports the inventories that are due, unless an inventory pass is still under way. */
    startInventoryPass(at: Date): void {
      inventoryPass ??= runner
        .refreshInventories(at)
        .then((r) => void ((r.imported || r.failed) && log[r.failed ? "warn" : "info"]({ event: "inventory", ...r }, "cluster inventories imported")))
        .catch((error: Error) => log.error({ event: "inventory-error", error: error.message.split("\n")[0] }, "inventory pass failed"))
        .finally(() => (inventoryPass = null));
    },
    /** Writes due notification events and delivers due webhooks, unless a notification pass is still under way. */
    startNotificationPass(at: Date): void {
      notificationPass ??= notify(at)
        .then((r) => void ((r.events || r.attempted) && log[r.failed ? "warn" : "info"]({ event: "notifications", ...r }, "notifications delivered")))
        .catch((error: Error) => log.error({ event: "notifications-error", error: error.message.split("\n")[0] }, "notification pass failed"))
        .finally(() => (notificationPass = null));
    },
    /** Waits for the passes under way (on stop). */
    async settle(): Promise<void> {
      await feedPass;
      await inventoryPass;
      await notificationPass;
    },
  };
}
