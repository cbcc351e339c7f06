/**
 * A dedicated PostgreSQL connection for session-level advisory locks and LISTEN. Session locks live
 * exactly as long as the connection, which is what makes them useful for leadership and claims: when
 * a process dies or loses the database, PostgreSQL drops the connection and its locks with it. Pool
 * connections cannot be used for this (a lock would stay with whichever request got the connection).
 */
import pg from "pg";

export interface LockConnection {
  /** The connection itself, for the lock and claim queries of its owner. */
  readonly client: pg.Client;
  /** True once the connection failed or ended: its locks are gone and the owner should reconnect. */
  readonly broken: boolean;
  /** Calls `onNotify` on every NOTIFY of `channel` (a fixed identifier, not user input). */
  listen(channel: string, onNotify: () => void): Promise<void>;
  /** Closes the connection (releasing its locks); never throws. */
  close(): Promise<void>;
}

/** Opens the connection; `onBroken` runs once it fails or ends (e.g. to forget held locks). */
export async function openLockConnection(url: string, onBroken: () => void = () => {}): Promise<LockConnection> {
  const client = new pg.Client({ connectionString: url });
  let broken = false;
  const lost = () => {
    broken = true;
    onBroken();
  };
  client.on("error", lost);
  client.on("end", lost);
  await client.connect();
  return {
    client,
    get broken() {
      return broken;
    },
    async listen(channel, onNotify) {
      client.on("notification", onNotify);
      await client.query(`LISTEN ${channel}`);
    },
    async close() {
      await client.end().catch(() => {});
    },
  };
}
