/**
 * When a failed delivery is tried again: 30 s after the first failure, doubling each time up to an
 * hour, and no more after the sixth attempt (about 15 minutes of trying in all). No jitter: the
 * outbox is read by one leader at a time, so retries do not arrive in synchronised waves.
 */

/** Attempts per delivery, the first included. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** Wait after the first failed attempt. */
export const FIRST_RETRY_MS = 30_000;
/** Longest wait between two attempts. */
export const MAX_RETRY_MS = 3_600_000;
/** Longest wait for a receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The wait after failed attempt number `attempt` (1-based), or null when no attempt is left. */
export function retryDelayMs(attempt: number): number | null {
  if (attempt >= MAX_DELIVERY_ATTEMPTS) return null;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
}
