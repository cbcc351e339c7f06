// The react-hook-form handle the cluster form's sections share.
import type { UseFormReturn } from "react-hook-form";
import type { ClusterForm, ClusterFormInput } from "@/server/schemas/cluster-form";

/** The cluster form: the inputs as held, the validated cluster out. */
export type ClusterFormApi = UseFormReturn<ClusterFormInput, unknown, ClusterForm>;

/** What each section of the cluster form receives: the form and the messages per field. */
export interface ClusterFormSectionProps {
  form: ClusterFormApi;
  errors: Record<string, string>;
}
