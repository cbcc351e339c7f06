// Provides the database for the start and test scripts: the server named by DATABASE_URL, or the
// embedded PostgreSQL (started here, data inside the project) when it is unset.
import { join, resolve } from "node:path";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { runPrisma } from "../prisma-cli";
import { assertPortFree, assertWritableDir } from "./preflight";

export interface Database {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  databaseName?: string;
}

/** Uses DATABASE_URL when given, else starts the embedded server under `<dataDir>/pg`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  const dataDir = resolve(options.dataDir);
  assertWritableDir(dataDir, "data");
  await assertPortFree(options.embeddedPort, "embedded PostgreSQL, VERDANT_EMBEDDED_PG_PORT");
  const server = await startEmbeddedPostgres({ dataDir: join(dataDir, "pg"), port: options.embeddedPort, database: options.databaseName ?? "verdant" });
  return { url: server.url, embedded: true, stop: server.stop };
}

/** Applies every migration in prisma/migrations with `prisma migrate deploy`. */
export function migrate(url: string): void {
  if (runPrisma(["migrate", "deploy"], { ...process.env, DATABASE_URL: url }) !== 0) {
    throw new Error("Applying database migrations failed (see the Prisma output above).");
  }
}
