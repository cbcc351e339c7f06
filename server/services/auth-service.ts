/** Sign-in and sign-out: credentials against the stored bcrypt hash, brute-force limits, session versions. */
import bcrypt from "bcryptjs";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { endUserSessions, findUserForSignIn } from "../repositories/user-repository";
import { recordAudit } from "../repositories/audit-repository";
import { RateLimitedError } from "../security/rate-limited-error";
import type { SignInAttempt, SignInThrottle } from "../security/sign-in-throttle";
import { DomainError } from "./errors";

// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.t2h8yqJ6b9kH6WnQ3o8vQ9xq2M5e";

/** A signed-in user and the session version their cookie must carry. */
export type SignedInUser = SessionUser & { sessionVersion: number };

/** Returns the user for valid credentials; throws UNAUTHORIZED with one message for any failure. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<SignedInUser> {
  const user = await findUserForSignIn(db, email.trim());
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || user.disabledAt) throw new DomainError("UNAUTHORIZED", "Wrong e-mail or password.");
  return { ...user.sessionUser, sessionVersion: user.sessionVersion };
}

const waitText = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/**
 * Checks credentials within the sign-in limits. Over a limit the password is not even checked: the
 * attempt fails with RateLimitedError (HTTP 429 with Retry-After), and the first refusal of each
 * window is written to the audit log with the e-mail and address, so admins see the attack.
 */
export async function signInLimited(db: Db, throttle: SignInThrottle, attempt: SignInAttempt & { password: string }, now: Date): Promise<SignedInUser> {
  const email = attempt.email.trim();
  const refusal = await throttle.refusal(attempt);
  if (refusal) {
    if (refusal.firstInWindow) {
      await recordAudit(db, {
        actorId: null,
        action: "auth.sign-in.throttled",
        entityType: "SignIn",
        entityId: email.toLowerCase(),
        after: { email, address: attempt.address, limit: refusal.limit, retryAfterSeconds: refusal.retryAfterSeconds },
        at: now,
      });
    }
    const who = refusal.limit === "account" ? "this account" : "your network address";
    throw new RateLimitedError(`Too many failed sign-ins for ${who}. Try again in ${waitText(refusal.retryAfterSeconds)}.`, refusal.retryAfterSeconds);
  }
  try {
    const user = await verifyCredentials(db, email, attempt.password);
    await throttle.succeeded(attempt);
    return user;
  } catch (error) {
    if (error instanceof DomainError && error.code === "UNAUTHORIZED") await throttle.failed(attempt);
    throw error;
  }
}

/** Sign-out ends every session of the user (all browsers), not only the cookie of this one. */
export function signOutEverywhere(db: Db, userId: string): Promise<void> {
  return endUserSessions(db, userId);
}
