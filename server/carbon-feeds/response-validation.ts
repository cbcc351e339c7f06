/** Validates a feed's JSON with zod and turns failures into one error naming each bad field. */
import type { z } from "zod";
import { CarbonFeedError } from "./errors";

/** Formats a zod path like `history[3].carbonIntensity`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "") || "(root)";
}

/** Parses `body` with `schema`, or throws MALFORMED_RESPONSE listing up to five bad fields. */
export function validateResponse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 5).map((i) => `${formatPath(i.path)}: ${i.message}`);
  const more = parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : "";
  throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: unexpected response; ${problems.join("; ")}${more}; nothing was written`, { problems });
}

/** Epoch ms of an ISO date-time that must start an hour; `field` names it in the error. */
export function hourStart(iso: string, field: string, what: string): Date {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: ${field} "${iso}" is not a date-time; nothing was written`, { field });
  if (ms % 3_600_000 !== 0)
    throw new CarbonFeedError("MALFORMED_RESPONSE", `${what}: ${field} "${iso}" is not the start of an hour; nothing was written`, { field });
  return new Date(ms);
}
