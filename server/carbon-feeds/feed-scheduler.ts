/**
 * Polls the CarbonFeed table's feeds when they are due (the control loop's leader calls this every
 * cycle). Electricity Maps: latest (measured) and forecast; WattTime: forecast and the last 24 h of
 * history. Success schedules the next poll after pollIntervalS. A failure is recorded in lastError
 * and backs off: twice the previous gap (at least the interval, at most 6 h), and never before a
 * rate limit's Retry-After. The zone guard inside each poller keeps marginal and average apart.
 */
import type { Db } from "../db/client";
import { componentLogger } from "../logging/logger";
import { findDueFeeds, recordFeedPoll } from "../repositories/feed-repository";
import { findSystemSettings } from "../repositories/system-settings-repository";
import { openStoredSecret, SECRET_PURPOSES } from "../secrets/stored-secrets";
import { pollElectricityMapsForecast, pollElectricityMapsLatest } from "./electricitymaps-feed";
import { CarbonFeedError } from "./errors";
import type { FetchDeps, RetryPolicy } from "./http-fetch";
import { pollWattTimeForecast, pollWattTimeHistorical } from "./watttime-feed";

const MAX_BACKOFF_MS = 6 * 3600_000;

/** What one scheduler pass did. */
export interface FeedPassReport {
  polled: number;
  failed: number;
  errors: { feedId: string; zoneId: string; error: string }[];
}

type Feed = Awaited<ReturnType<typeof findDueFeeds>>[number];

async function pollFeed(db: Db, feed: Feed, now: Date, deps: FetchDeps, retry?: Partial<RetryPolicy>): Promise<void> {
  // Opened only here, for the request; a token that cannot be opened fails this feed's poll alone.
  const token = feed.apiToken
    ? openStoredSecret(SECRET_PURPOSES.feedToken, feed.apiToken, `feed ${feed.id} (${feed.provider} for ${feed.zoneId}): the stored API token`)
    : "";
  if (feed.provider === "ELECTRICITY_MAPS") {
    const config = { baseUrl: feed.baseUrl, authToken: token, retry, apiZoneIds: feed.externalZone ? { [feed.zoneId]: feed.externalZone } : undefined };
    await pollElectricityMapsLatest(db, config, feed.zoneId, deps);
    await pollElectricityMapsForecast(db, config, feed.zoneId, deps);
    return;
  }
  const config = { baseUrl: feed.baseUrl, token, regions: { [feed.zoneId]: feed.externalZone ?? feed.zoneId }, retry };
  await pollWattTimeForecast(db, config, feed.zoneId, deps);
  await pollWattTimeHistorical(db, config, feed.zoneId, { start: new Date(now.getTime() - 24 * 3600_000), end: now }, deps);
}

/** Polls every due feed once; whether feeds may reach private addresses is read from the system settings each pass. */
export async function pollDueFeeds(db: Db, now: Date, fetchDeps: FetchDeps, retry?: Partial<RetryPolicy>): Promise<FeedPassReport> {
  const report: FeedPassReport = { polled: 0, failed: 0, errors: [] };
  const due = await findDueFeeds(db, now);
  if (due.length === 0) return report;
  const deps =
    fetchDeps.allowPrivateAddresses === undefined ? { ...fetchDeps, allowPrivateAddresses: (await findSystemSettings(db)).allowPrivateFeedUrls } : fetchDeps;
  for (const feed of due) {
    const intervalMs = feed.pollIntervalS * 1000;
    try {
      await pollFeed(db, feed, now, deps, retry);
      await recordFeedPoll(db, feed.id, { lastPolledAt: now, lastSuccessAt: now, lastError: null, nextPollAt: new Date(now.getTime() + intervalMs) });
      report.polled++;
    } catch (error) {
      const message = (error as Error).message;
      const previousGap = feed.lastError && feed.lastPolledAt && feed.nextPollAt ? feed.nextPollAt.getTime() - feed.lastPolledAt.getTime() : 0;
      let waitMs = Math.min(MAX_BACKOFF_MS, Math.max(intervalMs, previousGap * 2));
      const retryAfterMs = error instanceof CarbonFeedError ? (error.details.retryAfterMs as number | undefined) : undefined;
      if (retryAfterMs !== undefined) waitMs = Math.max(waitMs, retryAfterMs);
      await recordFeedPoll(db, feed.id, { lastPolledAt: now, lastError: message.slice(0, 1000), nextPollAt: new Date(now.getTime() + waitMs) });
      componentLogger("feeds").warn(
        { event: "feed-poll-failed", feedId: feed.id, provider: feed.provider, zoneId: feed.zoneId, error: message.split("\n")[0], retryInMs: waitMs },
        "carbon feed poll failed; backing off",
      );
      report.failed++;
      report.errors.push({ feedId: feed.id, zoneId: feed.zoneId, error: message });
    }
  }
  return report;
}
