import { describe, expect, it } from "vitest";
import { createRng } from "../engine";
import { backoffDelayMs, DEFAULT_RETRY_POLICY, fetchJsonWithRetry, parseRetryAfterMs, type FetchDeps } from "./http-fetch";
import { hourlyMeans, lbsPerMwhToGPerKwh } from "./watttime-feed";

describe("retry helpers", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(parseRetryAfterMs("7", now)).toBe(7000);
    expect(parseRetryAfterMs("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfterMs("soon", now)).toBeNull();
    expect(parseRetryAfterMs(null, now)).toBeNull();
  });

  it("doubles the backoff per attempt with half of it jittered, capped", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1000, maxDelayMs: 5000 };
    const rng = createRng(3);
    const delays = [1, 2, 3, 4, 5].map((a) => backoffDelayMs(policy, a, rng));
    [1000, 2000, 4000, 5000, 5000].forEach((cap, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(cap / 2);
      expect(delays[i]).toBeLessThanOrEqual(cap);
    });
  });

  it("turns a network failure into NETWORK after the attempt limit", async () => {
    const calls: number[] = [];
    const failing = (async () => {
      calls.push(1);
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    await expect(
      fetchJsonWithRetry(
        "http://127.0.0.1:9/x",
        {},
        { ...DEFAULT_RETRY_POLICY, maxAttempts: 2 },
        { fetch: failing, sleep: async () => {}, rng: createRng(1), now: () => 0, allowPrivateAddresses: true },
      ),
    ).rejects.toMatchObject({ code: "NETWORK", message: "GET http://127.0.0.1:9/x: gave up after 2 attempt(s); last: fetch failed" });
    expect(calls).toHaveLength(2);
  });
});

describe("WattTime units", () => {
  it("converts lbs/MWh to gCO2e/kWh and averages 5-minute points per hour", () => {
    expect(lbsPerMwhToGPerKwh(1000)).toBeCloseTo(453.592, 9);
    const h = Date.UTC(2026, 0, 1, 10);
    const means = hourlyMeans(
      [
        { point_time: new Date(h + 55 * 60_000).toISOString(), value: 30 },
        { point_time: new Date(h).toISOString(), value: 10 },
        { point_time: new Date(h + 3600_000).toISOString(), value: 5 },
      ],
      "test",
    );
    expect(means).toEqual([
      { at: new Date(h), value: 20, points: 2 },
      { at: new Date(h + 3600_000), value: 5, points: 1 },
    ]);
    expect(() => hourlyMeans([{ point_time: "x", value: 1 }], "WattTime forecast")).toThrow('WattTime forecast: data[0].point_time "x" is not a date-time');
  });
});

describe("feed address rule", () => {
  const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 2 };
  const deps = (fetchImpl: FetchDeps["fetch"], lookup: (host: string) => Promise<string[]>): FetchDeps => ({
    fetch: fetchImpl,
    sleep: async () => {},
    rng: createRng(1),
    now: () => 0,
    lookup,
  });
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  it("refuses a redirect into the network and never asks the redirect's target", async () => {
    const asked: string[] = [];
    const fetchImpl: FetchDeps["fetch"] = async (url) => {
      asked.push(url);
      return url.startsWith("https://feed.example/") ? json({}, 302, { location: "http://169.254.169.254/latest/meta-data/" }) : json({ leaked: true });
    };
    await expect(
      fetchJsonWithRetry(
        "https://feed.example/v3/x",
        {},
        policy,
        deps(fetchImpl, async () => ["93.184.215.14"]),
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN_ADDRESS", message: expect.stringContaining("169.254.169.254 is a link-local address") });
    expect(asked).toEqual(["https://feed.example/v3/x"]);
  });

  it("checks every request again, so a name rebinding to loopback is refused", async () => {
    const answers = [["93.184.215.14"], ["127.0.0.1"]];
    const asked: string[] = [];
    const fetchImpl: FetchDeps["fetch"] = async (url) => {
      asked.push(url);
      return json({}, 307, { location: "/next" });
    };
    await expect(
      fetchJsonWithRetry(
        "https://rebind.example/a",
        {},
        policy,
        deps(fetchImpl, async () => answers.shift() ?? ["127.0.0.1"]),
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN_ADDRESS", message: expect.stringContaining("rebind.example resolves to 127.0.0.1") });
    expect(asked).toEqual(["https://rebind.example/a"]);
  });

  it("follows a public redirect, dropping the token when the origin changes", async () => {
    const seen: { url: string; token: string | null }[] = [];
    const fetchImpl: FetchDeps["fetch"] = async (url, init) => {
      seen.push({ url, token: new Headers(init.headers).get("auth-token") });
      return url.includes("first.example") ? json({}, 301, { location: "https://second.example/data" }) : json({ ok: 1 });
    };
    const result = await fetchJsonWithRetry(
      "https://first.example/x",
      { "auth-token": "secret" },
      policy,
      deps(fetchImpl, async () => ["93.184.215.14"]),
    );
    expect(result.body).toEqual({ ok: 1 });
    expect(seen).toEqual([
      { url: "https://first.example/x", token: "secret" },
      { url: "https://second.example/data", token: null },
    ]);
  });
});
