/** CarbonFeed rows for the feed scheduler: which are due, and what a poll did. */
import type { Db } from "../db/client";

/** Enabled feeds whose next poll is due at `now` (never polled = due). */
export function findDueFeeds(db: Db, now: Date) {
  return db.carbonFeed.findMany({ where: { enabled: true, OR: [{ nextPollAt: null }, { nextPollAt: { lte: now } }] }, orderBy: { id: "asc" } });
}

/** Stores a poll's outcome and the next poll time. */
export async function recordFeedPoll(db: Db, id: string, data: { lastPolledAt: Date; lastSuccessAt?: Date; lastError: string | null; nextPollAt: Date }) {
  await db.carbonFeed.update({ where: { id }, data });
}
