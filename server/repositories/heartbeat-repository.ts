/**
 * Liveness rows of the background processes (the scheduling worker, the experiment runner): each
 * process stamps its row after every completed cycle, and the supervisor in `npm start` stamps
 * every start and every unexpected exit. /api/health and /api/metrics read them.
 */
import type { Db } from "../db/client";

/** Names of the background processes with a heartbeat row. */
export type ServiceName = "worker" | "experiments";

/** One row as /api/health and /api/metrics read it. */
export interface Heartbeat {
  name: string;
  pid: number | null;
  startedAt: Date;
  lastCycleAt: Date | null;
  restarts: number;
  lastExitAt: Date | null;
  lastExitCode: number | null;
}

/** Records a completed cycle of the process `pid`. */
export async function recordCycle(db: Db, name: ServiceName, pid: number, at: Date): Promise<void> {
  await db.serviceHeartbeat.upsert({ where: { name }, create: { name, pid, startedAt: at, lastCycleAt: at }, update: { pid, lastCycleAt: at } });
}

/** Records that the supervisor (re)started the process `pid` (its first cycle is still to come). */
export async function recordStart(db: Db, name: ServiceName, pid: number | null, at: Date): Promise<void> {
  await db.serviceHeartbeat.upsert({ where: { name }, create: { name, pid, startedAt: at }, update: { pid, startedAt: at } });
}

/** Records an unexpected exit the supervisor is about to answer with a restart. */
export async function recordRestart(db: Db, name: ServiceName, exitCode: number | null, at: Date): Promise<void> {
  await db.serviceHeartbeat.upsert({
    where: { name },
    create: { name, startedAt: at, restarts: 1, lastExitAt: at, lastExitCode: exitCode },
    update: { restarts: { increment: 1 }, lastExitAt: at, lastExitCode: exitCode },
  });
}

/** Every heartbeat row, by name. */
export function listHeartbeats(db: Db): Promise<Heartbeat[]> {
  return db.serviceHeartbeat.findMany({ orderBy: { name: "asc" } });
}
