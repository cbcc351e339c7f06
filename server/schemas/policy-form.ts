/**
 * The admin's placement-policy form: one weight per registered objective (the list comes from the
 * engine's objective registry, so a new objective appears here without an edit) and the constraints
 * an admin edits. A weight left out reads as 0; a name no objective has is refused.
 */
import { z } from "zod";
import { OBJECTIVES } from "../engine";
import { safeString } from "./safe-input";

const weight = z.number({ error: "Enter a weight" }).min(0, "Weights are 0 or more").max(10, "Weights are at most 10").default(0);

/** The form's weights: every registered objective by name. */
const objectiveWeightsForm = z
  .strictObject(Object.fromEntries(OBJECTIVES.map((name) => [name, weight])) as Record<string, typeof weight>)
  .refine((w) => Object.values(w).reduce((a, b) => a + b, 0) > 0, { message: "At least one weight must be above 0", path: [OBJECTIVES[0] ?? "carbon"] });

/** The policy form as the editor submits it. */
export const policyFormSchema = z.object({
  objectiveWeights: objectiveWeightsForm,
  maxDeferralHours: z.number().int("Whole hours").min(0, "0 to 168 hours").max(168, "0 to 168 hours"),
  minDeferralSavingPct: z.number().min(0, "0 to 100 %").max(100, "0 to 100 %"),
  /** Absolute floor of a worthwhile wait (gCO2e); absent keeps the active policy's. */
  minDeferralSavingGCo2e: z.number({ error: "Enter grams of CO2e" }).min(0, "0 to 100,000 gCO2e").max(100_000, "0 to 100,000 gCO2e").optional(),
  honorCarbonBudget: z.boolean(),
  allowSplitAcrossClusters: z.boolean(),
  /** Backfill mode of the queue (off, easy, conservative); absent keeps the active policy's. */
  backfill: z.enum(["off", "easy", "conservative", "first-fit"], { error: "Choose off, easy, conservative or first fit" }).optional(),
  /** Minimum run time before a job may be preempted (minutes); absent keeps the active policy's. */
  preemptExemptMinutes: z.number({ error: "Enter minutes" }).min(0, "0 to 1,440 minutes").max(1440, "0 to 1,440 minutes").optional(),
  note: safeString("Note", 200, "At most 200 characters").trim().default(""),
});

/** A validated policy form. */
export type PolicyForm = z.output<typeof policyFormSchema>;
/** The form as the editor holds it. */
export type PolicyFormInput = z.input<typeof policyFormSchema>;
