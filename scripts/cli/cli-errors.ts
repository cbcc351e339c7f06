/**
 * Turns a failed call into one clear sentence and an exit code: the server unreachable, a token it
 * refused, a role that may not do this, a field it rejected (named by its flag), or its own refusal.
 */
import { TRPCClientError } from "@trpc/client";
import { CliError, EXIT } from "./cli-io";

interface ErrorData {
  code?: string;
  httpStatus?: number;
  fieldErrors?: Record<string, string[]> | null;
}

/** The network failure's own words (ECONNREFUSED, ENOTFOUND, a TLS error), when the cause chain has them. */
function networkCause(error: unknown): string | null {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+|^UND_ERR|^CERT_|^ERR_TLS/.test(code))
      return `${code}${cause.message && !cause.message.includes(code) ? `: ${cause.message}` : ""}`;
    cause = cause.cause;
  }
  return null;
}

/**
 * The CLI error for anything a call threw. `fieldLabel` names an input field the way the user typed
 * it (a flag for flags, the JSON key for a file).
 */
export function cliErrorOf(error: unknown, serverUrl: string, fieldLabel: (field: string) => string = (f) => f): CliError {
  if (error instanceof CliError) return error;
  if (!(error instanceof TRPCClientError)) return new CliError(error instanceof Error ? error.message : String(error), EXIT.refused);
  const data = (error.data ?? null) as ErrorData | null;
  if (!data?.code) {
    const network = networkCause(error);
    if (network)
      return new CliError(`Cannot reach Verdant at ${serverUrl} (${network}). Check --url or VERDANT_URL and that the server is running.`, EXIT.unreachable);
    const status = (error.meta as { response?: { status?: number } } | undefined)?.response?.status;
    return new CliError(
      `The server at ${serverUrl} did not answer as a Verdant API${status ? ` (HTTP ${status})` : ""}: ${error.message}. Check --url or VERDANT_URL.`,
      EXIT.unreachable,
    );
  }
  if (data.code === "UNAUTHORIZED") return new CliError(`The server refused the token (401): ${error.message}`, EXIT.auth);
  if (data.code === "FORBIDDEN") return new CliError(`Not allowed (403): ${error.message}`, EXIT.auth);
  if (data.fieldErrors && Object.keys(data.fieldErrors).length > 0) {
    const lines = Object.entries(data.fieldErrors).map(([field, messages]) => `  ${fieldLabel(field)}: ${messages.join("; ")}`);
    return new CliError(`The server rejected the input:\n${lines.join("\n")}`, EXIT.usage);
  }
  if (data.code === "BAD_REQUEST" || data.code === "PAYLOAD_TOO_LARGE") return new CliError(error.message, EXIT.usage);
  return new CliError(error.message, EXIT.refused);
}
