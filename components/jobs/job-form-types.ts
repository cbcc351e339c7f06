// The react-hook-form handle the job form's sections share.
import type { UseFormReturn } from "react-hook-form";
import type { JobSubmit } from "@/server/schemas/job-submit";
import type { JobFormState } from "./job-form-state";

/** The job form: human-unit values in, the validated submit input out. */
export type JobFormApi = UseFormReturn<JobFormState, unknown, JobSubmit>;

/** What every section of the job form receives: the form and the messages per field id. */
export interface JobFormSectionProps {
  form: JobFormApi;
  errors: Record<string, string>;
}
