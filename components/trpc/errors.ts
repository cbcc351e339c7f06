// Reads field errors out of a tRPC error for inline form messages.
import { TRPCClientError } from "@trpc/client";

/** Field -> first message, from the server's `fieldErrors` (zod or domain validation). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v && v[0] ? [[k, v[0]]] : [])));
}

/**
 * A human message for any error thrown by a tRPC call. A validation failure says what is wrong with
 * each field rather than only "Some fields are invalid.", for forms that show no inline message there.
 */
export function messageOf(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const fields = Object.values(fieldErrorsOf(error));
    return fields.length > 0 ? [...new Set(fields)].join(" ") : error.message;
  }
  return "Something went wrong. Please try again.";
}
