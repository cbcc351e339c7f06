// The react-hook-form handle the policy editor's sections share.
import type { UseFormReturn } from "react-hook-form";
import type { PolicyForm, PolicyFormInput } from "@/server/schemas/policy-form";

/** The policy editor's form: the inputs as held, the validated policy out. */
export type PolicyFormApi = UseFormReturn<PolicyFormInput, unknown, PolicyForm>;

/** What each section of the policy editor receives: the form and the messages per dotted field path. */
export interface PolicyFormSectionProps {
  form: PolicyFormApi;
  errors: Record<string, string>;
}
