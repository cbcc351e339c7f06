// The one way the UI writes an instant: in a named IANA zone, always with the zone's label, and as a
// relative phrase ("in 52 min", "3 h ago") where distance reads better than a clock time.

/** How much of the instant to show: `seconds` for live clocks, `compact` drops the year inside tables. */
export interface InstantStyle {
  seconds?: boolean;
  compact?: boolean;
}

/**
 * One formatter per zone and style: building an Intl.DateTimeFormat (which `toLocaleString` with options
 * does on every call) costs about a hundred times more than formatting with a built one, and a table or
 * timeline writes hundreds of instants per render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, style: InstantStyle): Intl.DateTimeFormat {
  const key = `${timeZone}|${style.compact ? 1 : 0}${style.seconds ? 1 : 0}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: style.compact ? undefined : "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      second: style.seconds ? "2-digit" : undefined,
      timeZoneName: "short",
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "Nov 24, 2026, 6:56 PM EST" (or "Nov 24, 6:56 PM EST" compact) in `timeZone`; the label is never dropped. */
export function formatInstant(value: Date | string | number, timeZone: string, style: InstantStyle = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  return formatterFor(timeZone, style).format(date);
}

/** The zone's short label now ("CET", "GMT+5:30", "UTC"), for headings such as "Times in CET". */
export function zoneLabel(timeZone: string, at: Date = new Date(0)): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * Distance from `nowMs` in the largest unit that fits: "now" within 30 s, "in 52 min", "3 h 10 min ago",
 * "in 2 d 4 h". Minutes are rounded, hours keep their minutes below 10 h, days keep their hours.
 */
export function formatRelative(value: Date | string | number, nowMs: number): string {
  const deltaS = Math.round((new Date(value).getTime() - nowMs) / 1000);
  if (!Number.isFinite(deltaS)) return "—";
  const abs = Math.abs(deltaS);
  if (abs < 30) return "now";
  const minutes = Math.round(abs / 60);
  let text: string;
  if (minutes < 60) text = `${minutes} min`;
  else if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    text = h < 10 && m > 0 ? `${h} h ${m} min` : `${Math.round(minutes / 60)} h`;
  } else {
    const d = Math.floor(minutes / 1440);
    const h = Math.round((minutes % 1440) / 60);
    text = h > 0 && h < 24 ? `${d} d ${h} h` : `${Math.round(minutes / 1440)} d`;
  }
  return deltaS > 0 ? `in ${text}` : `${text} ago`;
}
