// The values of the "new experiment" form and the react-hook-form handle its sections share.
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { startExperimentSchema } from "@/server/schemas/experiment";
import type { RouterOutputs } from "@/components/trpc/router-types";

/**
 * What the form holds: where the scenario comes from, then the start input's own fields, checked by
 * the server's schema (the scenario itself is the chosen example or the uploaded files).
 */
export const experimentFormSchema = startExperimentSchema
  .pick({ name: true, policies: true, baseline: true })
  .extend({ source: z.enum(["example", "upload"]), exampleFile: z.string() });

/** The form's values as the inputs hold them. */
export type ExperimentFormValues = z.input<typeof experimentFormSchema>;

/** The "new experiment" form. */
export type ExperimentFormApi = UseFormReturn<ExperimentFormValues, unknown, z.output<typeof experimentFormSchema>>;

/** An uploaded scenario: the JSON and the CSV files it names, keyed by the path the scenario uses. */
export type ScenarioUpload = { fileName: string; json: string; files: { path: string; content: string }[] };

/** A shipped example scenario. */
export type Example = { file: string; name: string; description: string | null };

/** What a loaded scenario holds, as `experiments.inspect` answers. */
export type ScenarioSummaryView = RouterOutputs["experiments"]["inspect"];
