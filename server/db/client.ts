/**
 * The Prisma client, built on the pg driver adapter (Prisma's Rust engines cannot be downloaded on
 * our machines; engineType "client" runs queries through the adapter). One client per process.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { requireEnv } from "../env.js";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

/** Creates a client for a given URL (tests and scripts use their own databases). */
export function createDb(url: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) });
}

const globalForDb = globalThis as unknown as { verdantDb?: Db };

/** The process-wide client for DATABASE_URL (survives Next's dev hot reloads). */
export function db(): Db {
  globalForDb.verdantDb ??= createDb(requireEnv("DATABASE_URL"));
  return globalForDb.verdantDb;
}
