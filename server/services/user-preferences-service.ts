/** Settings a signed-in person changes for themself (no audit entry: nobody else is affected). */
import type { Db } from "../db/client";
import { updateUserTimeZone } from "../repositories/user-repository";

/** Stores the user's display time zone (null follows the browser) and returns the stored value. */
export function setUserTimeZone(db: Db, userId: string, timeZone: string | null): Promise<{ timeZone: string | null }> {
  return updateUserTimeZone(db, userId, timeZone);
}
