// Runs the Prisma CLI with the settings our offline machines need: `prisma generate` still checks for
// engine binaries it never executes with engineType "client", so point those checks at /bin/true.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Runs `prisma <args>` from the repo root; returns its exit status. */
export function runPrisma(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(process.execPath, [fileURLToPath(new URL("../node_modules/prisma/build/index.js", import.meta.url)), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      PRISMA_SCHEMA_ENGINE_BINARY: env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true",
      PRISMA_QUERY_ENGINE_LIBRARY: env.PRISMA_QUERY_ENGINE_LIBRARY ?? "/bin/true",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      DATABASE_URL: env.DATABASE_URL ?? "postgresql://unused@127.0.0.1:1/unused",
    },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
  } else if (env.VERDANT_VERBOSE) {
    process.stdout.write(result.stdout ?? "");
  }
  return result.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(runPrisma(process.argv.slice(2)));
}
