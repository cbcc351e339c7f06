/**
 * Leadership among several app instances: the instance holding a PostgreSQL advisory lock runs the
 * scheduling cycles. The lock lives on a dedicated connection, so if the leader dies or loses the
 * database, PostgreSQL releases it and another instance takes over. Correctness does not depend on
 * it (every placement is guarded in its transaction); it keeps instances from doing duplicate work.
 */
import { openLockConnection } from "../db/lock-connection";

/** Fixed key of the scheduler's advisory lock. */
const SCHEDULER_LOCK_KEY = 727_100_001;

export interface LeaderConnection {
  /** True when this connection holds the lock (tries to take it when not). */
  ensureLeader(): Promise<boolean>;
  /** Calls `onNotify` whenever a job is submitted (LISTEN verdant_jobs). */
  listen(onNotify: () => void): Promise<void>;
  close(): Promise<void>;
  readonly broken: boolean;
}

/** Opens the dedicated connection. */
export async function openLeaderConnection(url: string): Promise<LeaderConnection> {
  let leader = false;
  const connection = await openLockConnection(url, () => {
    leader = false;
  });
  return {
    get broken() {
      return connection.broken;
    },
    async ensureLeader() {
      if (leader) return true;
      const result = await connection.client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [SCHEDULER_LOCK_KEY]);
      leader = result.rows[0]?.locked === true;
      return leader;
    },
    listen: (onNotify) => connection.listen("verdant_jobs", onNotify),
    close: () => connection.close(),
  };
}
