/**
 * The pg connection pool under the Prisma client, made safe for database restarts. When PostgreSQL
 * goes away while a connection is checked out for an interactive transaction, Prisma's pg adapter
 * may never hand it back (measured: one connection per outage stayed checked out, so a few restarts
 * would exhaust the pool and `$disconnect` would wait forever). Here a checked-out connection that
 * reports an error is returned to the pool as broken at once (the pool closes and replaces it),
 * and any later release of it is ignored.
 */
import pg from "pg";

/** Releases `client` (as broken) as soon as it reports an error; later releases are ignored. */
function releaseOnError(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onError = (error: Error) => releaseOnce(error);
  function releaseOnce(error?: Error | boolean) {
    if (released) return;
    released = true;
    client.removeListener("error", onError);
    release(error);
  }
  client.release = releaseOnce;
  client.on("error", onError);
  return client;
}

/** A pg pool whose checked-out connections are released (destroyed) when they fail. */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const connect = pool.connect.bind(pool);
  // Only the promise form hands a connection to outside code (the adapter's transactions); the
  // callback form is pool.query's own, which already releases a failed connection.
  pool.connect = ((callback?: Parameters<pg.Pool["connect"]>[0]) => (callback ? connect(callback) : connect().then(releaseOnError))) as pg.Pool["connect"];
  return pool;
}
