// Time-axis tick labels in the display zone (the person's setting, else the browser's), coarse enough
// for the window shown; tooltips carry the zone's label like every other time on the page.
import { formatInstant } from "@/components/time/format-instant";

/** "14:00" for windows up to a day, "Tue 14" beyond, in `timeZone` (the browser's when omitted). */
export function timeTick(windowMs: number, timeZone?: string) {
  return (ms: number) =>
    windowMs <= 26 * 3_600_000
      ? new Date(ms).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", timeZone })
      : new Date(ms).toLocaleString(undefined, { weekday: "short", hour: "2-digit", timeZone });
}

/** Full date and time with the zone's label, for tooltips. */
export const tooltipTimeIn = (timeZone: string) => (v: unknown) => formatInstant(Number(v), timeZone);

/** Full date and time with the browser zone's label, for tooltips of charts outside a zone setting. */
export const tooltipTime = (v: unknown) => formatInstant(Number(v), Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
