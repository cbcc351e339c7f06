// `npm start`: one command from a fresh clone to a running demo. Validates the environment, starts
// the embedded PostgreSQL unless DATABASE_URL is set, migrates, seeds the demo once, builds if the
// build is missing or stale, and serves on HOST:PORT. The scheduling worker and the experiment runner
// are supervised: one that dies is restarted with back-off while the web server and PostgreSQL stay
// up. Only the web server's exit or Ctrl-C / SIGTERM stop the app (Next and PostgreSQL cleanly).
//   npm start            production server (builds when needed)
//   npm start -- --dev   next dev with hot reload
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { constants as osConstants } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "../server/env.js";
import { demoPasswords, demoStaff, demoTenants } from "../server/seed/demo-catalog";
import { encryptPlaintextSecrets } from "../server/secrets/encrypt-plaintext-secrets";
import { parseSecretKey } from "../server/secrets/secret-box";
import { ensureSecretKey } from "../server/secrets/secret-key-file";
import { needsBuild, needsGenerate } from "./lib/build-state";
import { COORDINATOR_NODE_FLAGS } from "./lib/coordinator-node-flags";
import { migrate, openDatabase, type Database } from "./lib/database";
import { metricsToken, metricsTokenFile } from "./lib/metrics-token";
import { assertPortFree, assertWritableDir } from "./lib/preflight";
import { exitCodeOf, supervise, type Supervisor } from "./lib/supervise";
import type { Db } from "../server/db/client";
import type { ServiceName } from "../server/repositories/heartbeat-repository";
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
const supervisors: Supervisor[] = [];
/** The web server, and a small client of its own for the supervisors' heartbeat rows (starts, restarts). */
const running: { server?: ChildProcess; heartbeatDb?: Db } = {};
let stopping = false;

function stopServer(): Promise<unknown> | null {
  const child = running.server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return null;
  child.kill("SIGTERM");
  return new Promise((r) => {
    const timer = setTimeout(r, 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      r(null);
    });
  });
}

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all([stopServer(), ...supervisors.map((s) => s.stop())]);
    await running.heartbeatDb?.$disconnect().catch(() => {});
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
  log(
    database.embedded
      ? `embedded PostgreSQL on port ${env.VERDANT_EMBEDDED_PG_PORT} (data in ${join(dataDir, "pg")})`
      : "using the PostgreSQL server in DATABASE_URL",
  );
  migrate(database.url);
} catch (error) {
  console.error(error);
  await shutdown(1);
}

// The key sealing kubeconfigs and feed tokens: the children inherit it through process.env.
process.env.VERDANT_SECRET_KEY = ensureSecretKey(dataDir, env.VERDANT_SECRET_KEY);
const childEnv = { ...process.env, DATABASE_URL: database!.url, SESSION_SECRET: sessionSecret(dataDir, env.SESSION_SECRET), PORT: String(env.PORT) };
const nextBin = join(root, "node_modules", "next", "dist", "bin", "next");
// Unset when metrics are public; else the configured token or one generated into the data folder.
const metricsBearer = metricsToken(dataDir, env);
const metricsEnv = metricsBearer ? { VERDANT_METRICS_TOKEN: metricsBearer } : {};

// Built before the demo is seeded: the seeded running jobs are placed at the seed's clock and the
// simulated clusters run them 60 times faster than the wall clock, so a minute of building between
// seed and worker would end an hour of their work before the first cycle.
if (!dev && needsBuild(root)) {
  log("building the app (first start or sources changed)");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...childEnv, NODE_ENV: "production" } });
  if (build.status !== 0) {
    console.error("[verdant] the build failed (see above).");
    await shutdown(1);
  }
}

try {
  // Imported only now: these modules need the Prisma client generated above.
  const { createDb } = await import("../server/db/client");
  const { isSeeded, seedDemo } = await import("../server/seed/seed-demo");
  const db = createDb(database!.url);
  try {
    if (!(await isSeeded(db))) {
      log("seeding the demo (first start)");
      const summary = await seedDemo(db, { now: new Date(), dataDir: join(root, "data", "demo"), workload: env.VERDANT_DEMO_WORKLOAD });
      log(`seeded ${summary.clusters} clusters, ${summary.nodes} nodes, ${summary.gpus} GPUs, ${summary.jobs} jobs, ${summary.samples} carbon samples`);
    }
    // Values stored before encryption existed are sealed now, before anything serves them.
    const sealed = await encryptPlaintextSecrets(db, parseSecretKey(process.env.VERDANT_SECRET_KEY));
    if (sealed.kubeconfigs + sealed.feedTokens > 0) log(`encrypted ${sealed.kubeconfigs} stored kubeconfigs and ${sealed.feedTokens} feed tokens`);
  } finally {
    await db.$disconnect();
  }
} catch (error) {
  console.error(error);
  await shutdown(1);
}

const server = spawn(process.execPath, [nextBin, dev ? "dev" : "start", "-H", env.HOST, "-p", String(env.PORT)], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...childEnv, ...metricsEnv, NODE_ENV: dev ? "development" : "production" },
});
running.server = server;
server.once("exit", (code, signal) => {
  if (!stopping) {
    console.error(`[verdant] the web server exited (${signal ?? `code ${code}`}).`);
    void shutdown(code ?? 1);
  }
});

const { createDb } = await import("../server/db/client");
const { recordRestart, recordStart } = await import("../server/repositories/heartbeat-repository");
const heartbeatDb = createDb(database!.url, { max: 2 });
running.heartbeatDb = heartbeatDb;

/** Runs a background process under a supervisor that restarts it with back-off when it dies. */
function superviseBackground(name: ServiceName, script: string, label: string, nodeFlags: readonly string[] = []) {
  const supervisor = supervise({
    // `node --import tsx` keeps the process a direct child, so its pid is the one that runs (and dies).
    spawn: () =>
      spawn(process.execPath, [...nodeFlags, "--import", "tsx", join(root, "scripts", script)], {
        cwd: root,
        stdio: ["ignore", "inherit", "inherit"],
        env: { ...childEnv, ...metricsEnv, NODE_ENV: "production" },
      }),
    onStart: (child) =>
      void recordStart(heartbeatDb, name, child.pid ?? null, new Date()).catch((error: Error) =>
        console.error(`[verdant] could not record the ${label}'s start: ${error.message.split("\n")[0]}`),
      ),
    onExit: (exit) => {
      console.error(
        `[verdant] the ${label} exited (${exit.signal ?? `code ${exit.code}`} after ${(exit.ranMs / 1000).toFixed(1)} s); restarting it in ${exit.restartInMs / 1000} s (restart ${exit.restarts}).`,
      );
      void recordRestart(heartbeatDb, name, exitCodeOf(exit.code, exit.signal, osConstants.signals), new Date()).catch((error: Error) =>
        console.error(`[verdant] could not record the ${label}'s restart: ${error.message.split("\n")[0]}`),
      );
    },
  });
  supervisors.push(supervisor);
}

if (env.VERDANT_WORKER === "on") superviseBackground("worker", "worker.ts", "scheduling worker", COORDINATOR_NODE_FLAGS);
if (env.VERDANT_EXPERIMENTS === "on") superviseBackground("experiments", "experiment-runner.ts", "experiment runner");

// Announce readiness only once the server answers, so "ready" means pages are being served.
const localHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
const healthUrl = `http://${localHost}:${env.PORT}/api/health`;
for (let attempt = 0; attempt < 600 && !stopping; attempt++) {
  const healthy = await fetch(healthUrl).then(
    (r) => r.ok,
    () => false,
  );
  if (healthy) break;
  await new Promise((r) => setTimeout(r, 250));
}
log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://localhost:${env.PORT}`);
log("demo sign-ins (local demo only):");
for (const u of demoStaff) log(`  ${u.role.toLowerCase().padEnd(8)} ${u.email} / ${u.password}`);
for (const t of demoTenants) log(`  tenant   ${t.member.email} / ${demoPasswords.tenant} (${t.name})`);
if (metricsBearer) {
  const tokenSource = env.VERDANT_METRICS_TOKEN ? "$VERDANT_METRICS_TOKEN" : `$(cat ${metricsTokenFile(dataDir)})`;
  log(`metrics: curl -H "Authorization: Bearer ${tokenSource}" http://${localHost}:${env.PORT}/api/metrics`);
} else {
  log(`metrics: http://${localHost}:${env.PORT}/api/metrics (public: VERDANT_METRICS_PUBLIC=true)`);
}
