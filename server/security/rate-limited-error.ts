/** A request refused by a rate limit; the API answers 429 with a Retry-After header of `retryAfterSeconds`. */
export class RateLimitedError extends Error {
  constructor(
    message: string,
    /** Whole seconds until the caller may try again (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "RateLimitedError";
  }
}

/** Whole seconds (at least 1) for a wait of `ms` milliseconds, as Retry-After wants them. */
export const secondsToWait = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
