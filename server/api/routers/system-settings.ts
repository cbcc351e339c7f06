/** System-wide settings (admins only). */
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { systemSettingsFormSchema } from "../../schemas/system-settings-form";
import { getSystemSettings, saveSystemSettings } from "../../services/system-settings-service";

const settingsView = z.object({ decisionRetentionDays: z.number().int(), allowPrivateFeedUrls: z.boolean(), demoArrivalsPerHour: z.number().int() });

export const systemSettingsRouter = router({
  get: adminProcedure.output(settingsView).query(({ ctx }) => getSystemSettings(ctx.db)),
  update: adminProcedure
    .input(systemSettingsFormSchema)
    .output(settingsView)
    .mutation(({ ctx, input }) => saveSystemSettings(ctx.db, ctx.user, input, ctx.now())),
});
