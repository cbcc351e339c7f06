/**
 * One guard per cluster around every driver call, so a cluster whose API hangs or fails costs the
 * others nothing (cockatiel policies, innermost last):
 * - a bulkhead: at most `concurrency` calls to this cluster at once, the rest wait their turn;
 * - a circuit breaker: after `failureThreshold` consecutive reachability failures the cluster counts
 *   as unreachable and calls fail at once; after `halfOpenAfterMs` one probe call is let through,
 *   and its success closes the breaker again;
 * - a timeout per call (`callTimeoutMs`): the caller stops waiting even when the request itself
 *   cannot be aborted (the Kubernetes client takes no AbortSignal).
 * Only reachability counts against a cluster: a timeout, a network error or a 5xx. A 4xx answer or a
 * driver's own refusal (duplicate job, unknown node) proves the API is there.
 */
import {
  BrokenCircuitError,
  bulkhead,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
} from "cockatiel";
import { DriverError } from "../drivers";

/** Limits of one cluster's guard. */
export interface ClusterGuardOptions {
  callTimeoutMs: number;
  failureThreshold: number;
  halfOpenAfterMs: number;
  concurrency: number;
}

/** Defaults: 5 s per call, 3 failures in a row open the breaker, a probe after 30 s, 4 calls at once. */
export const DEFAULT_GUARD_OPTIONS: ClusterGuardOptions = { callTimeoutMs: 5_000, failureThreshold: 3, halfOpenAfterMs: 30_000, concurrency: 4 };

/** Waiting calls beyond which the bulkhead refuses (far above one cycle's work for one cluster). */
const QUEUE_LIMIT = 10_000;

/** True when the error says the cluster's API could not be reached (not that it refused the request). */
export function isReachabilityFailure(error: unknown): boolean {
  if (error instanceof TaskCancelledError) return true;
  if (!(error instanceof DriverError) || error.code !== "API") return false;
  const status = error.details.status;
  return typeof status !== "number" || status >= 500;
}

/** A call refused because the cluster's breaker is open. */
export class ClusterUnreachableError extends Error {
  constructor(
    readonly clusterName: string,
    readonly reason: string,
  ) {
    super(`cluster ${clusterName} is unreachable: ${reason}`);
    this.name = "ClusterUnreachableError";
  }
}

/** What the guard knows about the cluster's reachability. */
export interface ClusterHealth {
  /** Reachability failures in a row (0 after any success). */
  consecutiveFailures: number;
  /** The breaker is open or probing: no regular calls go through. */
  unreachable: boolean;
  /** The failure that opened the breaker, or the last failure. */
  reason: string | null;
  /** A call has succeeded since the guard was made (so a healthy state is known, not assumed). */
  reached: boolean;
}

/** Creates the guard of one cluster. */
export function createClusterGuard(clusterName: string, options: ClusterGuardOptions = DEFAULT_GUARD_OPTIONS) {
  const breaker = circuitBreaker(handleWhen(isReachabilityFailure), {
    halfOpenAfter: options.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.failureThreshold),
  });
  // Bulkhead outside the breaker: a call that waited for its turn still meets an open breaker at once.
  const policy = wrap(bulkhead(options.concurrency, QUEUE_LIMIT), breaker, timeout(options.callTimeoutMs, TimeoutStrategy.Aggressive));
  let consecutiveFailures = 0;
  let reason: string | null = null;
  let reached = false;
  /** Start times (performance.now) of the calls in flight. */
  const inFlight = new Set<{ at: number }>();

  const describe = (error: unknown, what: string) =>
    error instanceof TaskCancelledError ? `${what} timed out after ${options.callTimeoutMs} ms` : (error as Error).message;

  return {
    /** Runs one driver call under the guard; `what` names it in timeout messages. */
    async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
      const mark = { at: performance.now() };
      inFlight.add(mark);
      try {
        // A signal of its own per call: cockatiel's shared default signal would collect one listener per call in flight.
        const value = await policy.execute(() => fn(), new AbortController().signal);
        consecutiveFailures = 0;
        reached = true;
        return value;
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw new ClusterUnreachableError(clusterName, reason ?? "circuit open");
        if (isReachabilityFailure(error)) {
          consecutiveFailures++;
          // Keep the reason that opened the breaker; before that, the latest failure.
          if (breaker.state === CircuitState.Closed || reason === null) reason = describe(error, what);
          if (error instanceof TaskCancelledError)
            throw new DriverError("API", `cluster ${clusterName}: ${describe(error, what)}`, { call: what, timeoutMs: options.callTimeoutMs });
        }
        throw error;
      } finally {
        inFlight.delete(mark);
      }
    },
    /** How long the oldest call in flight has been waiting (0 when none). */
    oldestCallMs(): number {
      let oldest = Infinity;
      for (const mark of inFlight) oldest = Math.min(oldest, mark.at);
      return oldest === Infinity ? 0 : performance.now() - oldest;
    },
    /** True while the breaker blocks regular calls (open, or waiting for its probe). */
    get unreachable(): boolean {
      return breaker.state !== CircuitState.Closed;
    },
    /** The current state, for persisting on the cluster's connection row. */
    health(): ClusterHealth {
      const unreachable = breaker.state !== CircuitState.Closed;
      return { consecutiveFailures, unreachable, reason: unreachable || consecutiveFailures > 0 ? reason : null, reached };
    },
  };
}

/** A cluster's guard. */
export type ClusterGuard = ReturnType<typeof createClusterGuard>;
