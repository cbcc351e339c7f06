/** Sign-in: checks an e-mail and password against the stored bcrypt hash. */
import bcrypt from "bcryptjs";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { findSessionUser, findUserForSignIn } from "../repositories/user-repository";
import { DomainError } from "./errors";

// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.t2h8yqJ6b9kH6WnQ3o8vQ9xq2M5e";

/** Returns the user for valid credentials; throws UNAUTHORIZED with one message for any failure. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<SessionUser> {
  const user = await findUserForSignIn(db, email.trim());
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || user.disabledAt) throw new DomainError("UNAUTHORIZED", "Wrong e-mail or password.");
  const sessionUser = await findSessionUser(db, user.id);
  if (!sessionUser) throw new DomainError("UNAUTHORIZED", "Wrong e-mail or password.");
  return sessionUser;
}
