// Writes a new Prisma migration from a schema change without a live database (Prisma's `migrate dev`
// needs database introspection, which fails through the driver adapter on our machines): the SQL is
// the datamodel-to-datamodel diff between the schema at the last commit (or empty) and the edited one.
//   npm run db:new-migration -- <name> [--from-empty]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "./lib/database";

const root = fileURLToPath(new URL("..", import.meta.url));
const [name, ...flags] = process.argv.slice(2);
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:new-migration -- <name_in_snake_case> [--from-empty]");
  process.exit(2);
}
const migrationsDir = join(root, "prisma", "migrations");
const hasMigrations = readdirSync(migrationsDir, { withFileTypes: true }).some((e) => e.isDirectory());

let from = ["--from-empty"];
if (!flags.includes("--from-empty") && hasMigrations) {
  // The previous datamodel is the schema as of the last commit.
  const previous = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { cwd: root, encoding: "utf8" });
  const dir = mkdtempSync(join(tmpdir(), "verdant-schema-"));
  const previousPath = join(dir, "schema.prisma");
  writeFileSync(previousPath, previous);
  from = ["--from-schema-datamodel", previousPath];
}

// The CLI's adapter connects even for a datamodel-only diff: give it a database (DATABASE_URL, or a
// throw-away embedded server that is removed afterwards). Nothing is read from or written to it.
const scratchDir = join(root, ".data", "schema-diff");
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: scratchDir,
  embeddedPort: Number(process.env.VERDANT_SCHEMA_DIFF_PG_PORT ?? 25433),
});
const result = spawnSync(
  process.execPath,
  [join(root, "node_modules/prisma/build/index.js"), "migrate", "diff", ...from, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: database.url, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true", PRISMA_QUERY_ENGINE_LIBRARY: "/bin/true" },
  },
);
await database.stop();
if (database.embedded) rmSync(scratchDir, { recursive: true, force: true });
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(result.status ?? 1);
}
const sql = result.stdout;
if (!sql.trim() || /^-- This is an empty migration/m.test(sql)) {
  console.log("The schema has not changed since the last commit: no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const target = join(migrationsDir, `${stamp}_${name}`);
mkdirSync(target, { recursive: true });
writeFileSync(join(target, "migration.sql"), sql);
console.log(`Wrote ${join("prisma/migrations", `${stamp}_${name}`, "migration.sql")}; apply with npm run db:migrate.`);
