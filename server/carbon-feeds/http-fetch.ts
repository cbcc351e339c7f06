/**
 * GET a JSON document from a feed API with bounded retries. Retries network errors, timeouts, 5xx and
 * 429 with exponential backoff and "equal jitter" (half fixed, half random) so many pollers do not
 * retry in lockstep; a 429's Retry-After (seconds or an HTTP date) is honoured when it is longer.
 * Each attempt has its own timeout (AbortController). Randomness, sleeping and the clock are injected
 * so tests run instantly and deterministically. Other 4xx are not retried: asking again will not help.
 *
 * Feeds may not reach inside the network: unless the admin setting allows private feed URLs, every
 * request (and every redirect, followed here one hop at a time) is refused when its host is or
 * resolves to a loopback, link-local, private or other special address, and the production fetch
 * connects only to addresses its own lookup checked, so DNS rebinding between the check and the
 * connection is refused too. Credentials are not forwarded to another origin on a redirect.
 */
import { Agent, fetch as undiciFetch } from "undici";
import { createRng, type Rng } from "../engine";
import { assertPublicHost, publicOnlySocketLookup, SpecialAddressError, systemLookup, type HostLookup } from "../security/private-address";
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

/** Which addresses one request may reach. */
export interface AddressPolicy {
  /** Loopback, link-local and private addresses allowed (the admin setting). */
  allowPrivate: boolean;
}

/** A fetch that may honour the address policy at connect time (the global fetch ignores it). */
export type FeedFetch = (url: string, init: RequestInit, policy: AddressPolicy) => Promise<Response>;

/** Injected effects. */
export interface FetchDeps {
  fetch: FeedFetch;
  sleep: (ms: number) => Promise<void>;
  rng: Rng;
  /** For Retry-After given as an HTTP date. */
  now: () => number;
  /** Feeds may reach special addresses (the admin setting allowPrivateFeedUrls); refused when absent. */
  allowPrivateAddresses?: boolean;
  /** Host name resolution for the address check (default: the system resolver). */
  lookup?: HostLookup;
}

/** Redirects followed per request; a feed API that needs more is misconfigured. */
export const MAX_REDIRECTS = 5;

let publicOnlyAgent: Agent | null = null;

/**
 * The production fetch: when private addresses are not allowed, connections go through an agent
 * whose DNS lookup refuses special addresses, so the address connected to is the one checked.
 */
export const addressCheckedFetch: FeedFetch = async (url, init, policy) => {
  if (policy.allowPrivate) return globalThis.fetch(url, init);
  publicOnlyAgent ??= new Agent({ connect: { lookup: publicOnlySocketLookup } });
  return (await undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: publicOnlyAgent })) as unknown as Response;
};

/** Production effects: the address-checked fetch, real sleeping, a jitter source seeded per poller (logged with its runs). */
export function createFetchDeps(options: { seed: number; now: () => number }): FetchDeps {
  return { fetch: addressCheckedFetch, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), rng: createRng(options.seed), now: options.now };
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

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The SpecialAddressError behind a failed fetch (undici wraps the socket's lookup error as a cause). */
function specialAddressBehind(error: unknown): SpecialAddressError | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof SpecialAddressError) return e;
  }
  return null;
}

function refused(target: URL, error: SpecialAddressError): CarbonFeedError {
  return new CarbonFeedError(
    "FORBIDDEN_ADDRESS",
    `GET ${target.origin}: refused, ${error.message}; a feed may reach loopback, link-local or private addresses only when an admin allows private feed URLs in System settings`,
    { url: target.toString(), address: error.address },
  );
}

/** Refuses a target whose host is or resolves to a special address, unless the policy allows them. */
async function checkTarget(target: URL, deps: FetchDeps): Promise<void> {
  if (deps.allowPrivateAddresses === true) return;
  try {
    await assertPublicHost(target.hostname, deps.lookup ?? systemLookup);
  } catch (error) {
    if (error instanceof SpecialAddressError) throw refused(target, error);
    throw new Retryable("NETWORK", `cannot resolve ${target.hostname} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** One GET with its redirects followed by hand, so every hop's address is checked before it is asked. */
async function fetchFollowingRedirects(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  policy: RetryPolicy,
  deps: FetchDeps,
): Promise<Response> {
  let target = new URL(url);
  let sent = headers;
  for (let hop = 0; ; hop++) {
    await checkTarget(target, deps);
    let response: Response;
    try {
      response = await deps.fetch(
        target.toString(),
        { headers: { accept: "application/json", ...sent }, signal, redirect: "manual" },
        { allowPrivate: deps.allowPrivateAddresses === true },
      );
    } catch (error) {
      const special = specialAddressBehind(error);
      if (special) throw refused(target, special);
      throw signal.aborted ? new Retryable("TIMEOUT", `no answer within ${policy.timeoutMs} ms`) : new Retryable("NETWORK", (error as Error).message);
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new CarbonFeedError("HTTP", `GET ${url}: more than ${MAX_REDIRECTS} redirects; not retried`, { url });
    const next = new URL(location, target);
    if (next.protocol !== "http:" && next.protocol !== "https:")
      throw new CarbonFeedError("HTTP", `GET ${url}: redirected to a ${next.protocol} URL; not retried`, { url });
    // The API token belongs to the feed's origin; another origin does not get it.
    if (next.origin !== target.origin) sent = {};
    target = next;
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
      const response = await fetchFollowingRedirects(url, headers, controller.signal, policy, deps);
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
        throw controller.signal.aborted
          ? new Retryable("TIMEOUT", `body not received within ${policy.timeoutMs} ms`)
          : new Retryable("NETWORK", (error as Error).message);
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
        throw new CarbonFeedError(
          "RATE_LIMITED",
          `GET ${url}: rate limited; Retry-After ${Math.ceil(error.retryAfterMs / 1000)} s exceeds the ${policy.maxRetryAfterMs / 1000} s this poller waits`,
          { url, attempts, retryAfterMs: error.retryAfterMs },
        );
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
