/** Auto-tune experiments and policy proposals: what the procedures accept (validated with zod). */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";

/** Starts an auto-tune: the held-out window ends at `endAt` (default now), the training window ends where it begins. */
export const startAutoTuneSchema = z
  .object({
    name: safeString("Name", 120, "At most 120 characters.").trim().min(1, "Give the experiment a name."),
    trainingDays: z.number({ error: "Enter the training window in days" }).min(0.25, "0.25 to 14 days").max(14, "0.25 to 14 days"),
    validationDays: z.number({ error: "Enter the validation window in days" }).min(0.25, "0.25 to 7 days").max(7, "0.25 to 7 days"),
    /** End of the held-out window (ISO time); absent = now. */
    endAt: z.iso.datetime({ offset: true, error: "Enter a time such as 2026-11-24T12:00:00Z" }).optional(),
    budget: z.number({ error: "Enter the number of trials" }).int("Whole trials").min(2, "2 to 200 trials").max(200, "2 to 200 trials"),
    maxGarDropPts: z.number({ error: "Enter GAR points" }).min(0, "0 to 100 points").max(100, "0 to 100 points").default(1),
    maxMeanWaitIncreasePct: z.number({ error: "Enter a percentage" }).min(0, "0 to 1,000 %").max(1000, "0 to 1,000 %").default(10),
    seed: z
      .number({ error: "Enter a seed" })
      .int("A whole number")
      .min(0, "0 to 2^31")
      .max(2 ** 31, "0 to 2^31")
      .default(1),
    validateTop: z.number().int("Whole candidates").min(1, "1 to 10 candidates").max(10, "1 to 10 candidates").default(3),
  })
  .strict();
export type StartAutoTuneInput = z.input<typeof startAutoTuneSchema>;

/** An auto-tune as stored in the experiment's scenario column. */
export const storedAutoTuneSchema = z.object({
  kind: z.literal("auto-tune"),
  trainingFromMs: z.number(),
  trainingToMs: z.number(),
  validationFromMs: z.number(),
  validationToMs: z.number(),
  budget: z.number().int().min(1),
  seed: z.number().int(),
  maxGarDropPts: z.number().min(0),
  maxMeanWaitIncreasePct: z.number().min(0),
  validateTop: z.number().int().min(1),
});
export type StoredAutoTune = z.infer<typeof storedAutoTuneSchema>;

export const proposalIdSchema = z.object({ id: safeId("Proposal") });
export const applyProposalSchema = z.object({ id: safeId("Proposal"), note: safeString("Note", 200, "At most 200 characters").trim().default("") });
