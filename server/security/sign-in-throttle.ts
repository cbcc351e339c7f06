/**
 * Sign-in brute-force limits: failed sign-ins are counted per account (the e-mail as typed, so an
 * unknown address is limited exactly like a real one and the limit reveals nothing about which
 * accounts exist) and per client address. Once either count is reached, every sign-in for that key
 * is refused until its window ends, even with the right password. Only failures count, so a busy
 * office behind one address is not locked out by its own successful sign-ins; a success clears the
 * account's count.
 *
 * Counters live in this process's memory (rate-limiter-flexible's RateLimiterMemory): the app runs
 * one web server process, so every sign-in passes through the same counters, and a restart (which
 * an attacker cannot trigger) only forgets at most one window. Several web processes would share
 * RateLimiterPostgres instead.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { secondsToWait } from "./rate-limited-error";

/** How many failures each key may have within one window. */
export interface SignInLimits {
  accountFailures: number;
  addressFailures: number;
  windowSeconds: number;
}

/** 5 failures per account and 20 per address, each within 15 minutes. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { accountFailures: 5, addressFailures: 20, windowSeconds: 15 * 60 };

/** One sign-in attempt: the e-mail as typed and the client's address (null when unknown). */
export interface SignInAttempt {
  email: string;
  address: string | null;
}

/** Why an attempt is refused before its password is checked. */
export interface SignInRefusal {
  limit: "account" | "address";
  retryAfterSeconds: number;
  /** True for the first refusal of this key in its window: the one worth an audit entry. */
  firstInWindow: boolean;
}

const accountKey = (email: string) => email.trim().toLowerCase();

/** A refused consume() rejects with the limiter's state; anything else is a real failure. */
function ignoreLimitReached(error: unknown) {
  if (!(error instanceof RateLimiterRes)) throw error;
}

/** Counts failed sign-ins and refuses attempts over the limits. */
export class SignInThrottle {
  private readonly byAccount: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;
  /** One point per key and window: the first refusal is reported, the rest only answered. */
  private readonly reported: RateLimiterMemory;

  constructor(private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
    this.byAccount = new RateLimiterMemory({ keyPrefix: "sign-in-account", points: limits.accountFailures, duration: limits.windowSeconds });
    this.byAddress = new RateLimiterMemory({ keyPrefix: "sign-in-address", points: limits.addressFailures, duration: limits.windowSeconds });
    this.reported = new RateLimiterMemory({ keyPrefix: "sign-in-reported", points: 1, duration: limits.windowSeconds });
  }

  /** The refusal for this attempt, or null when it may go on to the password check. */
  async refusal(attempt: SignInAttempt): Promise<SignInRefusal | null> {
    const account = accountKey(attempt.email);
    const [byAccount, byAddress] = await Promise.all([this.byAccount.get(account), attempt.address ? this.byAddress.get(attempt.address) : null]);
    let limit: SignInRefusal["limit"] | null = null;
    let waitMs = 0;
    if (byAccount && byAccount.consumedPoints >= this.limits.accountFailures) [limit, waitMs] = ["account", byAccount.msBeforeNext];
    else if (byAddress && byAddress.consumedPoints >= this.limits.addressFailures) [limit, waitMs] = ["address", byAddress.msBeforeNext];
    if (!limit) return null;
    const key = `${limit}:${limit === "account" ? account : attempt.address}`;
    const firstInWindow = await this.reported.consume(key).then(
      () => true,
      (error: unknown) => (ignoreLimitReached(error), false),
    );
    return { limit, retryAfterSeconds: secondsToWait(waitMs), firstInWindow };
  }

  /** Counts a wrong e-mail or password against the account and the address. */
  async failed(attempt: SignInAttempt): Promise<void> {
    await Promise.all([
      this.byAccount.consume(accountKey(attempt.email)).catch(ignoreLimitReached),
      attempt.address ? this.byAddress.consume(attempt.address).catch(ignoreLimitReached) : null,
    ]);
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.byAccount.delete(accountKey(attempt.email));
  }
}

/** The web server's throttle. */
export const signInThrottle = new SignInThrottle();
