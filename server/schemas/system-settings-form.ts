/**
 * The admin's system settings form: decision retention, whether feeds may reach private addresses,
 * and the demo's arrival rate (optional: a save without it keeps the stored rate).
 */
import { z } from "zod";

export const systemSettingsFormSchema = z.object({
  decisionRetentionDays: z.number({ error: "Enter a number of days" }).int("Whole days").min(1, "1 to 3,650 days").max(3650, "1 to 3,650 days"),
  allowPrivateFeedUrls: z.boolean({ error: "Choose on or off" }),
  demoArrivalsPerHour: z
    .number({ error: "Enter a number of jobs per hour" })
    .int("Whole jobs per hour")
    .min(0, "0 to 100,000 jobs per hour")
    .max(100_000, "0 to 100,000 jobs per hour")
    .optional(),
});

export type SystemSettingsForm = z.output<typeof systemSettingsFormSchema>;
