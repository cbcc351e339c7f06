// The feed scheduler on a real PostgreSQL against a local stand-in for the Electricity Maps API:
// due feeds are polled, good data is stored and the next poll scheduled; malformed data, 429s with
// Retry-After and timeouts are recorded in lastError and back off; a feed not yet due is left alone.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollDueFeeds } from "../../server/carbon-feeds/feed-scheduler";
import type { FetchDeps } from "../../server/carbon-feeds/http-fetch";
import { createRng } from "../../server/engine";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const T = Date.UTC(2026, 6, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();
type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | "hang";

describe("feed scheduler", () => {
  let test: TestDatabase;
  let replies: Reply[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const reply = replies.shift() ?? { status: 500 };
    if (reply === "hang") return void hanging.push(res);
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {}));
  });
  const deps: FetchDeps = { fetch: globalThis.fetch, sleep: async () => {}, rng: createRng(3), now: () => T };
  const retry = { maxAttempts: 2, timeoutMs: 300, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 1000 };
  const feed = () => test.db.carbonFeed.findUniqueOrThrow({ where: { id: "feed-ca-on" } });

  beforeAll(async () => {
    test = await createSeededDatabase();
    // The fake provider listens on 127.0.0.1: the admin setting lets feeds reach private addresses.
    await test.db.systemSetting.create({ data: { id: "global", allowPrivateFeedUrls: true } });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await test.db.carbonFeed.create({
      data: { id: "feed-ca-on", zoneId: "CA-ON", provider: "ELECTRICITY_MAPS", signalType: "AVERAGE", baseUrl, apiToken: "t", pollIntervalS: 300 },
    });
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await test.drop();
  });

  it("polls a due feed, stores measured and forecast hours, schedules the next poll", async () => {
    replies = [
      { status: 200, body: { zone: "CA-ON", carbonIntensity: 41, datetime: iso(T), updatedAt: iso(T), emissionFactorType: "lifecycle" } },
      {
        status: 200,
        body: { zone: "CA-ON", updatedAt: iso(T), forecast: [1, 2, 3].map((h) => ({ carbonIntensity: 40 + h, datetime: iso(T + h * 3_600_000) })) },
      },
    ];
    const report = await pollDueFeeds(test.db, new Date(T), deps, retry);
    expect(report).toMatchObject({ polled: 1, failed: 0 });
    const f = await feed();
    expect(f.lastError).toBeNull();
    expect(f.lastSuccessAt?.getTime()).toBe(T);
    expect(f.nextPollAt?.getTime()).toBe(T + 300_000);
    expect(await test.db.carbonIntensitySample.count({ where: { zoneId: "CA-ON", at: { gte: new Date(T) } } })).toBe(4);
    // Not due yet: nothing is asked.
    expect(await pollDueFeeds(test.db, new Date(T + 60_000), deps, retry)).toMatchObject({ polled: 0, failed: 0 });
  });

  it("records malformed data, backs off doubling, honours a long Retry-After, and times out", async () => {
    let at = T + 300_000;
    replies = [{ status: 200, body: { zone: "CA-ON", carbonIntensity: "high", datetime: iso(at) } }];
    expect(await pollDueFeeds(test.db, new Date(at), deps, retry)).toMatchObject({ polled: 0, failed: 1 });
    let f = await feed();
    expect(f.lastError).toMatch(/carbonIntensity/);
    expect(f.nextPollAt!.getTime() - at).toBe(300_000);
    expect(f.lastSuccessAt?.getTime()).toBe(T);

    at = f.nextPollAt!.getTime();
    replies = [{ status: 429, headers: { "retry-after": "7200" } }];
    await pollDueFeeds(test.db, new Date(at), deps, retry);
    f = await feed();
    expect(f.lastError).toMatch(/rate limited/);
    expect(f.nextPollAt!.getTime() - at).toBe(7_200_000);

    at = f.nextPollAt!.getTime();
    replies = ["hang", "hang"];
    await pollDueFeeds(test.db, new Date(at), deps, retry);
    f = await feed();
    expect(f.lastError).toMatch(/no answer within 300 ms/);
    // Twice the previous gap (2 h).
    expect(f.nextPollAt!.getTime() - at).toBe(4 * 3_600_000);
  });
});
