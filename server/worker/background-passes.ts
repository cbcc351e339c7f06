/**
 * Work the leader starts beside its cycles because it waits on outside services: carbon feed polls
 * (with their retries), Kubernetes inventory imports and notification deliveries. Each runs one pass
 * at a time; a cycle that finds a pass still under way does not start another.
 */
import type { Db } from "../db/client";
import { pollDueFeeds } from "../carbon-feeds/feed-scheduler";
import type { FetchDeps } from "../carbon-feeds/http-fetch";
import type { Logger } from "../logging/logger";
import type { JobRunner } from "../services/job-runner";
import { createNotificationPass } from "../services/notifications/notification-pass";

/** How one pass logs: its event name, its messages, and whether a report is worth a line and a warning. */
interface PassLog<R> {
  event: string;
  done: string;
  failed: string;
  worthLogging: (report: R) => boolean;
  warn: (report: R) => boolean;
}

/** One pass at a time: `start` does nothing while the previous run is under way; `settle` waits for it. */
function singleFlight<R extends object>(run: (at: Date) => Promise<R>, log: Logger, how: PassLog<R>) {
  let current: Promise<void> | null = null;
  return {
    start(at: Date): void {
      current ??= run(at)
        .then((r) => {
          const fields: Record<string, unknown> = { event: how.event, ...r };
          if (how.worthLogging(r)) log[how.warn(r) ? "warn" : "info"](fields, how.done);
        })
        .catch((error: Error) => log.error({ event: `${how.event}-error`, error: error.message.split("\n")[0] }, how.failed))
        .finally(() => (current = null));
    },
    settle: async (): Promise<void> => void (await current),
  };
}

/** The feed, inventory and notification passes of one worker. */
export function createBackgroundPasses(db: Db, runner: JobRunner, feedDeps: FetchDeps, log: Logger) {
  const feeds = singleFlight(
    async (at) => {
      const r = await pollDueFeeds(db, at, feedDeps);
      return { polled: r.polled, failed: r.failed };
    },
    log,
    { event: "feeds", done: "carbon feeds polled", failed: "carbon feed pass failed", worthLogging: (r) => !!(r.polled || r.failed), warn: (r) => !!r.failed },
  );
  const inventory = singleFlight((at) => runner.refreshInventories(at), log, {
    event: "inventory",
    done: "cluster inventories imported",
    failed: "inventory pass failed",
    worthLogging: (r) => !!(r.imported || r.failed),
    warn: (r) => !!r.failed,
  });
  const notifications = singleFlight(createNotificationPass(db), log, {
    event: "notifications",
    done: "notifications delivered",
    failed: "notification pass failed",
    worthLogging: (r) => !!(r.events || r.attempted),
    warn: (r) => !!r.failed,
  });
  return {
    /** Polls the feeds that are due, unless a feed pass is still under way. */
    startFeedPass: feeds.start,
    /** Imports the inventories that are due, unless an inventory pass is still under way. */
    startInventoryPass: inventory.start,
    /** Writes due notification events and delivers due webhooks, unless a notification pass is still under way. */
    startNotificationPass: notifications.start,
    /** Waits for the passes under way (on stop). */
    async settle(): Promise<void> {
      await feeds.settle();
      await inventory.settle();
      await notifications.settle();
    },
  };
}
