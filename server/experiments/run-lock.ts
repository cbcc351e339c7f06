/**
 * Claiming experiments among any number of runners (one per app instance), and finding the ones a
 * crashed runner left behind. A claim takes the queued row with FOR UPDATE SKIP LOCKED, takes a
 * session-level advisory lock keyed by the experiment id on this connection, and marks it RUNNING,
 * all before the commit makes RUNNING visible. The lock lives exactly as long as the connection:
 * if the runner process dies, PostgreSQL drops the connection and the lock with it, so a RUNNING row
 * whose lock can be taken has no live runner. Such rows are marked FAILED (not re-queued: a run that
 * crashed its process, e.g. out of memory, would crash the next one too).
 */
import { openLockConnection } from "../db/lock-connection";

/** Key space of experiment locks (the two-int form never collides with the scheduler's one-bigint lock). */
const LOCK_CLASS = 727_100_002;

export const CRASH_REASON = "The experiment runner stopped while this experiment was running (its process crashed or lost the database). Start the experiment again.";

export interface RunLockConnection {
  /** Claims the oldest queued experiment for this runner, or null when there is none. */
  claimNext(at: Date): Promise<string | null>;
  /** Releases the lock of a finished (or given-back) experiment. */
  release(id: string): Promise<void>;
  /** Marks RUNNING experiments without a live runner FAILED; returns their ids. `own` are skipped (this session holds their locks). */
  failOrphans(own: ReadonlySet<string>, at: Date): Promise<string[]>;
  /** Calls `onNotify` when an experiment is started anywhere (LISTEN verdant_experiments). */
  listen(onNotify: () => void): Promise<void>;
  close(): Promise<void>;
  readonly broken: boolean;
}

/** Opens the runner's dedicated connection. */
export async function openRunLockConnection(url: string): Promise<RunLockConnection> {
  const connection = await openLockConnection(url);
  const { client } = connection;

  const tryLock = async (id: string) => (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok", [LOCK_CLASS, id])).rows[0]?.ok === true;
  const unlock = (id: string) => client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [LOCK_CLASS, id]);

  return {
    get broken() {
      return connection.broken;
    },
    async claimNext(at) {
      await client.query("BEGIN");
      try {
        // Cancelled-while-queued rows are already CANCELLED; a queued row never has cancelRequested otherwise.
        const next = await client.query<{ id: string }>(`SELECT id FROM "Experiment" WHERE status = 'QUEUED' ORDER BY "createdAt", id LIMIT 1 FOR UPDATE SKIP LOCKED`);
        const id = next.rows[0]?.id;
        if (!id || !(await tryLock(id))) {
          await client.query("ROLLBACK");
          return null;
        }
        const updated = await client.query(`UPDATE "Experiment" SET status = 'RUNNING', "startedAt" = $2, "finishedAt" = NULL, progress = 0, "progressNote" = 'Claimed by a runner.', error = NULL WHERE id = $1 AND status = 'QUEUED'`, [id, at]);
        if (updated.rowCount !== 1) {
          await client.query("ROLLBACK");
          await unlock(id);
          return null;
        }
        await client.query("COMMIT");
        return id;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    async release(id) {
      await unlock(id);
    },
    async failOrphans(own, at) {
      const running = await client.query<{ id: string }>(`SELECT id FROM "Experiment" WHERE status = 'RUNNING'`);
      const failed: string[] = [];
      for (const { id } of running.rows) {
        if (own.has(id) || !(await tryLock(id))) continue;
        try {
          const updated = await client.query(`UPDATE "Experiment" SET status = 'FAILED', error = $2, "progressNote" = 'Runner lost.', "finishedAt" = $3 WHERE id = $1 AND status = 'RUNNING'`, [id, CRASH_REASON, at]);
          if (updated.rowCount === 1) failed.push(id);
        } finally {
          await unlock(id);
        }
      }
      return failed;
    },
    listen: (onNotify) => connection.listen("verdant_experiments", onNotify),
    close: () => connection.close(),
  };
}
