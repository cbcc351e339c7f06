/** System settings for admins: read them, change them with an audit entry in the same transaction. */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { SystemSettingsForm } from "../schemas/system-settings-form";
import { recordAudit } from "../repositories/audit-repository";
import { findSystemSettings, updateSystemSettings, type SystemSettings } from "../repositories/system-settings-repository";

/** The current settings (the defaults until an admin first saves them). */
export function getSystemSettings(db: Db): Promise<SystemSettings> {
  return findSystemSettings(db);
}

/** Saves the settings (audited with before and after) and returns them. */
export async function saveSystemSettings(db: Db, actor: SessionUser, form: SystemSettingsForm, now: Date): Promise<SystemSettings> {
  return db.$transaction(async (tx) => {
    const before = await findSystemSettings(tx);
    const after = await updateSystemSettings(tx, form);
    await recordAudit(tx, { actorId: actor.id, action: "system-settings.update", entityType: "SystemSetting", entityId: "global", before, after, at: now });
    return after;
  });
}
