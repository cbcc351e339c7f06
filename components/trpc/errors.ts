// Reads field errors out of a tRPC error for inline form messages.
import { TRPCClientError } from "@trpc/client";

/** Field -> first message, from the server's `fieldErrors` (zod or domain validation). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v && v[0] ? [[k, v[0]]] : [])));
}

/** A human message for any error thrown by a tRPC call. */
export function messageOf(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message;
  return "Something went wrong. Please try again.";
}
