// Questions per user per hour. In-memory counters (one web server process), like the sign-in and
// preview limits; one limiter per configured rate so a changed VERDANT_ASK_RATE_PER_HOUR applies at once.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { secondsToWait } from "../security/rate-limited-error";

const limiters = new Map<number, RateLimiterMemory>();

/** Takes one question from the user's hourly allowance; returns the seconds to wait when none is left, else null. */
export async function takeAskSlot(userId: string, perHour: number): Promise<number | null> {
  let limiter = limiters.get(perHour);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: `ask-${perHour}`, points: perHour, duration: 3600 });
    limiters.set(perHour, limiter);
  }
  try {
    await limiter.consume(userId);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return secondsToWait(error.msBeforeNext);
  }
}
