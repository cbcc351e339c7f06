// Decides whether the production build is missing or older than the sources, so `npm start` builds
// only when needed.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCE_ROOTS = ["app", "components", "server", "prisma/schema.prisma", "next.config.js", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name === "node_modules" || entry.name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when `.next/BUILD_ID` is missing or any source is newer than it. */
export function needsBuild(root: string): boolean {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCE_ROOTS.some((p) => newestMtime(join(root, p)) > built);
}

/** True when the generated Prisma client is missing or older than the schema. */
export function needsGenerate(root: string): boolean {
  const client = join(root, "server", "db", "generated", "client.ts");
  return !existsSync(client) || statSync(client).mtimeMs < statSync(join(root, "prisma", "schema.prisma")).mtimeMs;
}
