/**
 * GET a JSON document from a feed API with bounded retries. Retries network errors, timeouts, 5xx and
 * 429 with exponential backoff and "equal jitter" (half fixed, half random) so many pollers do not
 * retry in lockstep; a 429's Retry-After (seconds or an HTTP date) is honoured when it is longer.
 * Each attempt has its own timeout (AbortController). Randomness, sleeping and the clock are injected
 * so tests run instantly and deterministically. Other 4xx are not retried: asking again will not help.
 */
import { createRng, type Rng } from "../engine";
import { CarbonFeedError } from "./errors";

/** Retry and timeout settings. */
export interface RetryPolicy {
  /** Attempts in total, at least 1. */
  maxAttempts: number;
  /** Timeout per attempt. */
  timeoutMs: number;
  /** First backoff; doubles per attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails at once (RATE_LIMITED) instead of blocking the poller. */
  maxRetryAfterMs: number;
}

/** Default: 4 attempts, 10 s each, backoff 0.5 s .. 30 s, Retry-After up to 2 min. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, timeoutMs: 10_000, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/** Injected effects. */
export interface FetchDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  rng: Rng;
  /** For Retry-After given as an HTTP date. */
  now: () => number;
}

/** Production effects: global fetch, real sleeping, a jitter source seeded per poller (logged with its runs). */
export function createFetchDeps(options: { seed: number; now: () => number }): FetchDeps {
  return { fetch: globalThis.fetch, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), rng: createRng(options.seed), now: options.now };
}

/** One attempt, for logs and tests. */
export interface AttemptRecord {
  attempt: number;
  outcome: string;
  /** Wait before the next attempt, if any. */
  delayMs: number | null;
}

/** The parsed body and the attempts it took. */
export interface FetchJsonResult {
  body: unknown;
  attempts: AttemptRecord[];
}

/** Parses Retry-After (delta seconds or HTTP date) into milliseconds, or null. */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** Backoff before attempt `attempt + 1`: base x 2^(attempt-1), capped, half of it jittered. */
export function backoffDelayMs(policy: RetryPolicy, attempt: number, rng: Rng): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * rng.next());
}

class Retryable extends Error {
  constructor(
    readonly code: "HTTP" | "NETWORK" | "TIMEOUT" | "RATE_LIMITED",
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** GETs `url` and parses JSON; throws CarbonFeedError naming the URL (never the headers) when it gives up. */
export async function fetchJsonWithRetry(url: string, headers: Record<string, string>, policy: RetryPolicy, deps: FetchDeps): Promise<FetchJsonResult> {
  if (!(policy.maxAttempts >= 1)) throw new CarbonFeedError("CONFIG", `maxAttempts must be at least 1, got ${policy.maxAttempts}`, { field: "maxAttempts" });
  const attempts: AttemptRecord[] = [];
  for (let attempt = 1; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
    try {
      let response: Response;
      try {
        response = await deps.fetch(url, { headers: { accept: "application/json", ...headers }, signal: controller.signal });
      } catch (error) {
        throw controller.signal.aborted ? new Retryable("TIMEOUT", `no answer within ${policy.timeoutMs} ms`) : new Retryable("NETWORK", (error as Error).message);
      }
      if (response.status === 429) {
        await response.body?.cancel();
        throw new Retryable("RATE_LIMITED", "HTTP 429 Too Many Requests", parseRetryAfterMs(response.headers.get("retry-after"), deps.now()));
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new Retryable("HTTP", `HTTP ${response.status}`);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw controller.signal.aborted ? new Retryable("TIMEOUT", `body not received within ${policy.timeoutMs} ms`) : new Retryable("NETWORK", (error as Error).message);
      }
      if (!response.ok) {
        throw new CarbonFeedError("HTTP", `GET ${url}: HTTP ${response.status} (${text.slice(0, 200)}); not retried`, { url, status: response.status });
      }
      attempts.push({ attempt, outcome: "ok", delayMs: null });
      try {
        return { body: JSON.parse(text), attempts };
      } catch {
        throw new CarbonFeedError("MALFORMED_RESPONSE", `GET ${url}: the body is not JSON (${text.slice(0, 80)})`, { url });
      }
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      const record: AttemptRecord = { attempt, outcome: `${error.code}: ${error.message}`, delayMs: null };
      attempts.push(record);
      if (error.retryAfterMs !== null && error.retryAfterMs > policy.maxRetryAfterMs) {
        throw new CarbonFeedError("RATE_LIMITED", `GET ${url}: rate limited; Retry-After ${Math.ceil(error.retryAfterMs / 1000)} s exceeds the ${policy.maxRetryAfterMs / 1000} s this poller waits`, { url, attempts, retryAfterMs: error.retryAfterMs });
      }
      if (attempt >= policy.maxAttempts) {
        throw new CarbonFeedError(error.code, `GET ${url}: gave up after ${attempt} attempt(s); last: ${error.message}`, { url, attempts });
      }
      record.delayMs = Math.max(error.retryAfterMs ?? 0, backoffDelayMs(policy, attempt, deps.rng));
      await deps.sleep(record.delayMs);
    } finally {
      clearTimeout(timer);
    }
  }
}
