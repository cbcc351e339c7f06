/**
 * The job preview runs the scheduler's placement over the whole fleet, so it is the costliest read
 * a tenant can trigger. Each tenant gets 10 previews per 10 seconds (all its members together);
 * the job form asks at most once per 600 ms pause in typing, so a person filling it in stays well
 * under, while a script hammering the procedure is refused with 429. In-memory counters, for the
 * same reason as the sign-in limits (one web server process).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { RateLimitedError, secondsToWait } from "./rate-limited-error";

/** Previews per tenant per window, and the window in seconds. */
export const PREVIEW_LIMIT = { points: 10, windowSeconds: 10 } as const;

const limiter = new RateLimiterMemory({ keyPrefix: "job-preview", points: PREVIEW_LIMIT.points, duration: PREVIEW_LIMIT.windowSeconds });

/** Takes one preview from the tenant's allowance; throws RateLimitedError when none is left. */
export async function takePreviewSlot(tenantId: string): Promise<void> {
  try {
    await limiter.consume(tenantId);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = secondsToWait(error.msBeforeNext);
    throw new RateLimitedError(
      `Your tenant asked for more than ${PREVIEW_LIMIT.points} previews in ${PREVIEW_LIMIT.windowSeconds} seconds; the preview resumes in ${seconds} s.`,
      seconds,
    );
  }
}
