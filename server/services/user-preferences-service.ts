/** Settings a signed-in person changes for themself (no audit entry: nobody else is affected). */
import type { Db } from "../db/client";

/** Stores the user's display time zone (null follows the browser) and returns the stored value. */
export async function setUserTimeZone(db: Db, userId: string, timeZone: string | null): Promise<{ timeZone: string | null }> {
  return db.user.update({ where: { id: userId }, data: { timeZone }, select: { timeZone: true } });
}
