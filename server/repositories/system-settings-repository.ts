/**
 * The one row of system-wide settings (id "global"). A fresh database has no row: reads then answer
 * the schema's defaults, and the first update creates it.
 */
import type { Db } from "../db/client";
import type { Writer } from "./audit-repository";

/** The settings an admin can change. */
export interface SystemSettings {
  decisionRetentionDays: number;
  allowPrivateFeedUrls: boolean;
  /** Demo arrivals: new trace jobs per hour the worker submits (0 = off). */
  demoArrivalsPerHour: number;
}

const GLOBAL_ID = "global";

/** Same as the schema's column defaults, for a database without the row. */
export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = { decisionRetentionDays: 30, allowPrivateFeedUrls: false, demoArrivalsPerHour: 0 };
const SELECT = { decisionRetentionDays: true, allowPrivateFeedUrls: true, demoArrivalsPerHour: true } as const;

/** The current settings, or the defaults when the row does not exist yet. */
export async function findSystemSettings(db: Db | Writer): Promise<SystemSettings> {
  const row = await db.systemSetting.findUnique({ where: { id: GLOBAL_ID }, select: SELECT });
  return row ?? { ...DEFAULT_SYSTEM_SETTINGS };
}

/** Changes the given settings (creating the row on first use) and returns all of them. */
export async function updateSystemSettings(db: Db | Writer, patch: Partial<SystemSettings>): Promise<SystemSettings> {
  return db.systemSetting.upsert({
    where: { id: GLOBAL_ID },
    create: { id: GLOBAL_ID, ...DEFAULT_SYSTEM_SETTINGS, ...patch },
    update: patch,
    select: SELECT,
  });
}
