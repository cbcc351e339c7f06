/**
 * What /api/health reports: "ok" when PostgreSQL answers and every expected background process
 * completed a cycle recently; "degraded" (still HTTP 200: the web app serves) when one is stale,
 * missing or restarting; "down" (HTTP 503) only when the database does not answer.
 */
import type { Db } from "../db/client";
import { listHeartbeats, type Heartbeat, type ServiceName } from "../repositories/heartbeat-repository";

/** A background process this instance expects, with its cycle interval. */
export interface ExpectedService {
  name: ServiceName;
  cycleMs: number;
}

/** How one background process looks to the health check. */
export interface ServiceHealth {
  name: string;
  status: "ok" | "stale" | "missing" | "restarting";
  /** Seconds since its last completed cycle (null before the first). */
  lastCycleAgeS: number | null;
  /** Longest gap between cycles that still counts as alive. */
  maxAgeS: number;
  restarts: number;
}

/** The body of /api/health. */
export type HealthReport =
  | { status: "ok" | "degraded"; database: { status: "up"; latencyMs: number }; services: ServiceHealth[] }
  | { status: "down"; database: { status: "down"; error: string } };

/** The experiment runner's idle poll (its default in server/experiments/runner.ts). */
const EXPERIMENT_POLL_MS = 1_000;

/** The background processes an instance with this environment runs beside the web server. */
export function expectedServices(env: { VERDANT_WORKER: "on" | "off"; VERDANT_EXPERIMENTS: "on" | "off"; VERDANT_CYCLE_MS: number }): ExpectedService[] {
  return [
    ...(env.VERDANT_WORKER === "on" ? [{ name: "worker" as const, cycleMs: env.VERDANT_CYCLE_MS }] : []),
    ...(env.VERDANT_EXPERIMENTS === "on" ? [{ name: "experiments" as const, cycleMs: EXPERIMENT_POLL_MS }] : []),
  ];
}

/** A cycle counts as recent within 3 cycle intervals, and never less than 30 s (a busy cycle or a database back-off). */
export const maxCycleAgeMs = (cycleMs: number) => Math.max(30_000, 3 * cycleMs);

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Judges one expected process by its heartbeat row (pure). */
export function assessService(expected: ExpectedService, row: Heartbeat | undefined, now: Date): ServiceHealth {
  const maxAgeMs = maxCycleAgeMs(expected.cycleMs);
  const base = { name: expected.name, maxAgeS: seconds(maxAgeMs), restarts: row?.restarts ?? 0 };
  if (!row) return { ...base, status: "missing", lastCycleAgeS: null };
  const lastCycleAgeS = row.lastCycleAt ? seconds(now.getTime() - row.lastCycleAt.getTime()) : null;
  // Died since its last cycle: degraded until the restarted process completes one.
  if (row.lastExitAt && (!row.lastCycleAt || row.lastExitAt > row.lastCycleAt)) return { ...base, status: "restarting", lastCycleAgeS };
  // A process just (re)started has until maxAge after its start for its first cycle.
  const lastSign = Math.max(row.lastCycleAt?.getTime() ?? 0, row.startedAt.getTime());
  return { ...base, status: now.getTime() - lastSign > maxAgeMs ? "stale" : "ok", lastCycleAgeS };
}

/** Checks the database and the expected background processes. */
export async function readHealth(db: Db, expected: readonly ExpectedService[], now: () => Date = () => new Date()): Promise<HealthReport> {
  const started = performance.now();
  let rows: Heartbeat[];
  try {
    rows = await listHeartbeats(db);
  } catch (error) {
    return { status: "down", database: { status: "down", error: databaseErrorMessage(error) } };
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const at = now();
  const services = expected.map((e) =>
    assessService(
      e,
      rows.find((r) => r.name === e.name),
      at,
    ),
  );
  return { status: services.every((s) => s.status === "ok") ? "ok" : "degraded", database: { status: "up", latencyMs }, services };
}

/**
 * The reason in a database error, on one line. Prisma's messages start with the call site
 * ("Invalid `db.x.findMany()` invocation in ...") and end with the reason, sometimes quoted inside
 * "Raw query failed ... Message: `...`".
 */
export function databaseErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  let reason = (lines[0]?.startsWith("Invalid `") ? lines.at(-1) : lines[0]) ?? (error as { code?: string })?.code ?? "unreachable";
  reason = /Message: `(.*)`$/.exec(reason)?.[1] ?? reason;
  return reason;
}
