// `npm start`: one command from a fresh clone to a running demo. Validates the environment, starts
// the embedded PostgreSQL unless DATABASE_URL is set, migrates, seeds the demo once, builds if the
// build is missing or stale, and serves on PORT. Ctrl-C / SIGTERM stop Next and PostgreSQL cleanly.
//   npm start            production server (builds when needed)
//   npm start -- --dev   next dev with hot reload
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "../server/env.js";
import { demoPasswords, demoStaff, demoTenants } from "../server/seed/demo-catalog";
import { encryptPlaintextSecrets } from "../server/secrets/encrypt-plaintext-secrets";
import { parseSecretKey } from "../server/secrets/secret-box";
import { ensureSecretKey } from "../server/secrets/secret-key-file";
import { needsBuild, needsGenerate } from "./lib/build-state";
import { migrate, openDatabase, type Database } from "./lib/database";
import { assertPortFree, assertWritableDir } from "./lib/preflight";
import { runPrisma } from "./prisma-cli";

const root = fileURLToPath(new URL("..", import.meta.url));
const dev = process.argv.includes("--dev");
const started = Date.now();
const log = (message: string) => console.log(`[verdant] ${message}`);

function fail(message: string): never {
  console.error(`[verdant] ${message}`);
  process.exit(1);
}

function sessionSecret(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let database: Database | undefined;
const children: { server?: ChildProcess; worker?: ChildProcess; experiments?: ChildProcess } = {};
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(
      [children.server, children.worker, children.experiments].map((child) => {
        if (!child || child.exitCode !== null) return null;
        child.kill("SIGTERM");
        return new Promise((r) => {
          const timer = setTimeout(r, 10_000);
          child.once("exit", () => {
            clearTimeout(timer);
            r(null);
          });
        });
      }),
    );
    if (database?.embedded) {
      log("stopping PostgreSQL");
      await database.stop().catch((e) => console.error(e));
    }
  }
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail((error as Error).message);
}
const dataDir = resolve(root, env.VERDANT_DATA_DIR);

try {
  assertWritableDir(dataDir, "data");
  await assertPortFree(env.PORT, "web server, PORT");
} catch (error) {
  fail((error as Error).message);
}

try {
  if (needsGenerate(root)) {
    log("generating the Prisma client");
    if (runPrisma(["generate"]) !== 0) fail("prisma generate failed (see above).");
  }
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, embeddedPort: env.VERDANT_EMBEDDED_PG_PORT });
  log(database.embedded ? `embedded PostgreSQL on port ${env.VERDANT_EMBEDDED_PG_PORT} (data in ${join(dataDir, "pg")})` : "using the PostgreSQL server in DATABASE_URL");
  migrate(database.url);
  // Imported only now: these modules need the Prisma client generated above.
  const { createDb } = await import("../server/db/client");
  const { isSeeded, seedDemo } = await import("../server/seed/seed-demo");
  const db = createDb(database.url);
  try {
    if (!(await isSeeded(db))) {
      log("seeding the demo (first start)");
      const summary = await seedDemo(db, { now: new Date(), dataDir: join(root, "data", "demo") });
      log(`seeded ${summary.clusters} clusters, ${summary.nodes} nodes, ${summary.gpus} GPUs, ${summary.jobs} queued jobs, ${summary.samples} carbon samples`);
    }
    // The key sealing kubeconfigs and feed tokens (the children inherit it through process.env);
    // values stored before encryption existed are sealed now, before anything serves them.
    process.env.VERDANT_SECRET_KEY = ensureSecretKey(dataDir, env.VERDANT_SECRET_KEY);
    const sealed = await encryptPlaintextSecrets(db, parseSecretKey(process.env.VERDANT_SECRET_KEY));
    if (sealed.kubeconfigs + sealed.feedTokens > 0) log(`encrypted ${sealed.kubeconfigs} stored kubeconfigs and ${sealed.feedTokens} feed tokens`);
  } finally {
    await db.$disconnect();
  }
} catch (error) {
  console.error(error);
  await shutdown(1);
}

const childEnv = { ...process.env, DATABASE_URL: database!.url, SESSION_SECRET: sessionSecret(dataDir, env.SESSION_SECRET), PORT: String(env.PORT) };
const nextBin = join(root, "node_modules", "next", "dist", "bin", "next");

if (!dev && needsBuild(root)) {
  log("building the app (first start or sources changed)");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...childEnv, NODE_ENV: "production" } });
  if (build.status !== 0) {
    console.error("[verdant] the build failed (see above).");
    await shutdown(1);
  }
}

const server = spawn(process.execPath, [nextBin, dev ? "dev" : "start", "-p", String(env.PORT)], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...childEnv, NODE_ENV: dev ? "development" : "production" } });
children.server = server;
server.once("exit", (code) => {
  if (!stopping) {
    console.error(`[verdant] the web server exited (code ${code}).`);
    void shutdown(code ?? 1);
  }
});

if (env.VERDANT_WORKER === "on") {
  const tsxCli = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const worker = spawn(process.execPath, [tsxCli, join(root, "scripts", "worker.ts")], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...childEnv, NODE_ENV: "production" } });
  children.worker = worker;
  worker.once("exit", (code) => {
    if (!stopping) {
      console.error(`[verdant] the scheduling worker exited (code ${code}).`);
      void shutdown(code ?? 1);
    }
  });
}

if (env.VERDANT_EXPERIMENTS === "on") {
  const tsxCli = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const experiments = spawn(process.execPath, [tsxCli, join(root, "scripts", "experiment-runner.ts")], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...childEnv, NODE_ENV: "production" } });
  children.experiments = experiments;
  experiments.once("exit", (code) => {
    if (!stopping) {
      console.error(`[verdant] the experiment runner exited (code ${code}).`);
      void shutdown(code ?? 1);
    }
  });
}

// Announce readiness only once the server answers, so "ready" means pages are being served.
const healthUrl = `http://127.0.0.1:${env.PORT}/api/health`;
for (let attempt = 0; attempt < 600 && !stopping; attempt++) {
  const healthy = await fetch(healthUrl).then((r) => r.ok, () => false);
  if (healthy) break;
  await new Promise((r) => setTimeout(r, 250));
}
log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://localhost:${env.PORT}`);
log("demo sign-ins (local demo only):");
for (const u of demoStaff) log(`  ${u.role.toLowerCase().padEnd(8)} ${u.email} / ${u.password}`);
for (const t of demoTenants) log(`  tenant   ${t.member.email} / ${demoPasswords.tenant} (${t.name})`);
