// Integration tests run against a real PostgreSQL: the server named by TEST_DATABASE_URL (an admin
// connection; each test database is created and dropped on it), or else an embedded PostgreSQL in a
// throw-away data folder. A migrated and seeded template database is built once; tests clone it.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { embeddedPasswordFile, startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { createDb } from "../../server/db/client";
import { seedDemo } from "../../server/seed/seed-demo";
import { migrate } from "../../scripts/lib/database";
import { adminQuery, withDatabase } from "./helpers/admin";
import { SEED_NOW, TEMPLATE_DB } from "./helpers/constants";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A fixed key for sealing secrets in test databases; the test workers inherit this environment. */
const TEST_SECRET_KEY = "76657264616e742d746573742d6b65792d6e6f742d666f722d70726f64756374";

export default async function setup(project: TestProject) {
  process.env.VERDANT_SECRET_KEY ??= TEST_SECRET_KEY;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const dataDir = join(root, ".data", `test-pg-${process.pid}`);
    const server = await startEmbeddedPostgres({ dataDir, port: Number(process.env.TEST_PG_PORT ?? 25430), database: "postgres" });
    adminUrl = server.url;
    stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(embeddedPasswordFile(dataDir), { force: true });
    };
  }
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${TEMPLATE_DB}"`);
  await adminQuery(adminUrl, `CREATE DATABASE "${TEMPLATE_DB}"`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  migrate(templateUrl);
  const db = createDb(templateUrl);
  await seedDemo(db, { now: SEED_NOW, dataDir: join(root, "data", "demo"), bcryptRounds: 4 });
  await db.$disconnect();
  project.provide("adminUrl", adminUrl);
  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${TEMPLATE_DB}"`).catch(() => {});
    await stop();
  };
}
