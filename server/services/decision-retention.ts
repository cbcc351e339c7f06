/**
 * Retention of scheduling decisions: decisions last reached more than
 * `SystemSetting.decisionRetentionDays` ago are deleted, except each job's latest decision and
 * latest placement, and then every stored engine input no remaining decision reaches. The worker runs
 * it about once a day.
 */
import type { Db } from "../db/client";
import { deleteDecisionsBefore } from "../repositories/decision-repository";
import { deleteUnreferencedInputs } from "../repositories/decision-input-repository";
import { findSystemSettings } from "../repositories/system-settings-repository";

const DAY_MS = 24 * 3_600_000;

/** How often the worker runs the retention pass. */
export const DECISION_RETENTION_EVERY_MS = DAY_MS;

/** Deletes the decisions past retention at `now` and the inputs left unreferenced; returns the cut-off used and how many of each went. */
export async function pruneDecisions(db: Db, now: Date): Promise<{ retentionDays: number; before: Date; deleted: number; inputsDeleted: number }> {
  const { decisionRetentionDays } = await findSystemSettings(db);
  const before = new Date(now.getTime() - decisionRetentionDays * DAY_MS);
  const deleted = await deleteDecisionsBefore(db, before);
  return { retentionDays: decisionRetentionDays, before, deleted, inputsDeleted: await deleteUnreferencedInputs(db) };
}
