/** The admin's system settings form: decision retention and whether feeds may reach private addresses. */
import { z } from "zod";

export const systemSettingsFormSchema = z.object({
  decisionRetentionDays: z.number({ error: "Enter a number of days" }).int("Whole days").min(1, "1 to 3,650 days").max(3650, "1 to 3,650 days"),
  allowPrivateFeedUrls: z.boolean({ error: "Choose on or off" }),
});

export type SystemSettingsForm = z.output<typeof systemSettingsFormSchema>;
