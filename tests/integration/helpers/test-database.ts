// Per-test databases: an empty one, or a clone of the migrated and seeded template (fast: a
// PostgreSQL file copy), each dropped afterwards.
import { inject } from "vitest";
import { createDb, type Db } from "../../../server/db/client";
import { adminQuery, withDatabase } from "./admin";
import { TEMPLATE_DB } from "./constants";

export interface TestDatabase {
  url: string;
  db: Db;
  drop: () => Promise<void>;
}

let counter = 0;

async function create(template: string | null): Promise<TestDatabase> {
  const adminUrl = inject("adminUrl");
  const name = `verdant_test_${process.pid}_${Date.now()}_${counter++}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  const url = withDatabase(adminUrl, name);
  const db = createDb(url);
  return {
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A new empty database (no tables). */
export const createEmptyDatabase = () => create(null);
/** A new database holding the migrated schema and the deterministic demo seed. */
export const createSeededDatabase = () => create(TEMPLATE_DB);
