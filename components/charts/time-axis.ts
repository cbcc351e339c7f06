// Time-axis tick labels in the viewer's zone, coarse enough for the window shown.

/** "14:00" for windows up to a day, "Tue 14" beyond. */
export function timeTick(windowMs: number) {
  return (ms: number) =>
    windowMs <= 26 * 3_600_000
      ? new Date(ms).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
      : new Date(ms).toLocaleString(undefined, { weekday: "short", hour: "2-digit" });
}

/** Full local date and time for tooltips. */
export const tooltipTime = (v: unknown) => new Date(Number(v)).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
