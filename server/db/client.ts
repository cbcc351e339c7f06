/**
 * The Prisma client, built on the pg driver adapter (Prisma's Rust engines cannot be downloaded on
 * our machines; engineType "client" runs queries through the adapter). One client per process.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { requireEnv } from "../env.js";
import { PrismaClient } from "./generated/client";
import { createPool } from "./pg-pool";

export type Db = PrismaClient;

/** Pool limits of a client; the defaults suit the web server and the background processes. */
export interface DbOptions {
  /** Most connections at once (default 10). */
  max?: number;
  /** How long opening a connection may take before the query fails (default 5 s). */
  connectTimeoutMs?: number;
  /** Longest a single statement may run on the server before PostgreSQL cancels it (default 60 s). */
  statementTimeoutMs?: number;
}

/**
 * Creates a client for a given URL (tests and scripts use their own databases). While PostgreSQL is
 * down or restarting, queries fail within the connect timeout with the driver's error instead of
 * waiting; idle connections are closed after 30 s, so a restarted server is reached through fresh
 * ones (a broken connection is dropped by the pool, see pg-pool.ts).
 */
export function createDb(url: string, options: DbOptions = {}): Db {
  return new PrismaClient({
    adapter: new PrismaPg(
      createPool({
        connectionString: url,
        max: options.max ?? 10,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
        idleTimeoutMillis: 30_000,
        statement_timeout: options.statementTimeoutMs ?? 60_000,
        // A TCP keepalive notices a server host that vanished without closing the socket.
        keepAlive: true,
      }),
      // $disconnect ends the pool.
      { disposeExternalPool: true },
    ),
  });
}

const globalForDb = globalThis as unknown as { verdantDb?: Db };

/** The process-wide client for DATABASE_URL (survives Next's dev hot reloads). */
export function db(): Db {
  globalForDb.verdantDb ??= createDb(requireEnv("DATABASE_URL"));
  return globalForDb.verdantDb;
}
