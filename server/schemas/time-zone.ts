/** A person's display time zone: an IANA name the runtime knows, or null to follow the browser. */
import { z } from "zod";
import { safeString } from "./safe-input";

/** True when `Intl` can format in this zone (IANA names such as "Europe/Berlin", and "UTC"). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Input of `preferences.setTimeZone`: null clears the setting (the browser's zone applies again). */
export const timeZoneInput = z.object({
  timeZone: safeString("Time zone", 64)
    .trim()
    .min(1, "Time zone: choose a zone or follow the browser.")
    .refine(isKnownTimeZone, { message: "Time zone: not a known IANA zone name (for example Europe/Berlin)." })
    .nullable(),
});
