/** The admin's placement-policy form: objective weights and the constraints an admin edits. */
import { z } from "zod";
import { safeString } from "./safe-input";

const weight = z.number({ error: "Enter a weight" }).min(0, "Weights are 0 or more").max(10, "Weights are at most 10");

export const policyFormSchema = z.object({
  objectiveWeights: z
    .object({ carbon: weight, fragmentation: weight, waiting: weight, locality: weight })
    .refine((w) => w.carbon + w.fragmentation + w.waiting + w.locality > 0, { message: "At least one weight must be above 0", path: ["carbon"] }),
  maxDeferralHours: z.number().int("Whole hours").min(0, "0 to 168 hours").max(168, "0 to 168 hours"),
  minDeferralSavingPct: z.number().min(0, "0 to 100 %").max(100, "0 to 100 %"),
  honorCarbonBudget: z.boolean(),
  allowSplitAcrossClusters: z.boolean(),
  note: safeString("Note", 200, "At most 200 characters").trim().default(""),
});

export type PolicyForm = z.output<typeof policyFormSchema>;
export type PolicyFormInput = z.input<typeof policyFormSchema>;
