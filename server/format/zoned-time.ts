/**
 * The one way the server writes a time into a sentence people read: in the reader's zone (`User.timeZone`,
 * UTC when they follow the browser, which the server cannot see), always with the zone's label, in the
 * same "Nov 24, 6:56 PM EST" style as the timestamps on the cards.
 */

/** The zone server-built text is written in for this reader: their setting when it is a known zone, else UTC. */
export function readerZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** "Nov 24, 6:56 PM EST" (`date`, the default) or "6:56 PM EST" (`time`) in `timeZone`, the label never dropped. */
export function formatZonedTime(ms: number, timeZone: string, style: "date" | "time" = "date"): string {
  if (!Number.isFinite(ms)) return "—";
  return new Date(ms).toLocaleString("en-US", {
    timeZone,
    month: style === "date" ? "short" : undefined,
    day: style === "date" ? "numeric" : undefined,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
}

/** Minutes `timeZone` is ahead of UTC at instant `ms`. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(ms));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour") % 24, n("minute"));
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The instant a calendar day ("2026-11-24") starts in `timeZone`; null for a malformed day. */
export function zonedDayStart(day: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== day) return null;
  // The offset at the guess, then again at the corrected instant (a DST change between them moves it).
  let at = wall - offsetMinutes(wall, timeZone) * 60_000;
  at = wall - offsetMinutes(at, timeZone) * 60_000;
  return new Date(at);
}

// The engine and the runner write times as "2026-11-24 02:56 UTC" or "02:56 UTC" so stored text stays
// the same for everyone; this rewrites them for one reader.
const DATED_UTC = /\b(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}) UTC\b/g;
const TIME_UTC = /\b(\d{2}):(\d{2}) UTC\b/g;
const DAY_MS = 86_400_000;

/**
 * `text` with every "YYYY-MM-DD HH:MM UTC" and "HH:MM UTC" written in `timeZone` instead. A time without a
 * date is read as the one of that clock time nearest `nearMs` (the decision or event it belongs to), the
 * day before, of or after it. Text in UTC for a UTC reader still changes to the card style ("2:56 AM UTC").
 */
export function localizeUtcTimes(text: string, timeZone: string, nearMs: number): string {
  const dated = text.replace(DATED_UTC, (_, y: string, mo: string, d: string, h: string, mi: string) =>
    formatZonedTime(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)), timeZone, "date"),
  );
  return dated.replace(TIME_UTC, (_, h: string, mi: string) => {
    const day = Math.floor(nearMs / DAY_MS) * DAY_MS + (Number(h) * 60 + Number(mi)) * 60_000;
    const nearest = [day - DAY_MS, day, day + DAY_MS].reduce((best, c) => (Math.abs(c - nearMs) < Math.abs(best - nearMs) ? c : best));
    return formatZonedTime(nearest, timeZone, "time");
  });
}

/** A rewriter of server-built text for one reader (see {@link localizeUtcTimes}); null text stays null. */
export function readerText(reader: { timeZone?: string | null }, nearMs: number): <T extends string | null>(text: T) => T {
  const zone = readerZone(reader.timeZone);
  return <T extends string | null>(text: T) => (text === null ? text : (localizeUtcTimes(text, zone, nearMs) as T));
}
