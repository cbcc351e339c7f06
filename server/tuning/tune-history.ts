/**
 * Reads what an auto-tune replays from the database: both windows' history as the ledger audit reads
 * it (accounting/shadow-replay-reads.ts), and the active policy the search starts from.
 */
import type { Db } from "../db/client";
import { parseCoordinatorPolicy, type CoordinatorPolicy } from "../engine";
import { readShadowShared, readShadowWindow } from "../accounting/shadow-replay-reads";
import type { AutoTuneHistory } from "./auto-tune";

/** The active policy and both windows' history; null when no policy is active. */
export async function loadTuneHistory(
  db: Db,
  windows: { trainingFromMs: number; trainingToMs: number; validationFromMs: number; validationToMs: number },
): Promise<{ active: CoordinatorPolicy; history: AutoTuneHistory } | null> {
  const shared = await readShadowShared(db);
  const { policy } = shared;
  if (!policy) return null;
  const training = await readShadowWindow(db, { ...shared, policy }, windows.trainingFromMs, windows.trainingToMs);
  const validation = await readShadowWindow(db, { ...shared, policy }, windows.validationFromMs, windows.validationToMs);
  return { active: parseCoordinatorPolicy(policy), history: { training, validation } };
}
