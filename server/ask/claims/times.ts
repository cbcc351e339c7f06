// Dates and clock times in generated text, and whether one renders an instant of the record. A time
// may be written in ISO 8601, as "14:00 UTC", "2 pm" or "2:30 p.m. CET", a date as 2026-11-24,
// "24 November" or "Nov 24, 2026"; a time without a zone label is read as UTC (the record's zone).

/** One date or time claim found in a text. */
export interface TimeClaim {
  text: string;
  start: number;
  end: number;
  /** A full instant (ISO with date and time), a clock time of some day, or a calendar date. */
  kind: "instant" | "clock" | "date";
  /** instant: epoch ms; clock: minute of the day; date: "YYYY-MM-DD" or "MM-DD" (no year written). */
  value: number | string;
  /** Half the written precision (ms for instants, minutes for clock times). */
  tolerance: number;
  /** Offset east of UTC in minutes, or an IANA zone name. */
  zone: number | string;
}

/** Fixed offsets (minutes east of UTC) of the zone abbreviations people write. */
const ZONE_OFFSETS: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  BST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
  IST: 330,
  SGT: 480,
  JST: 540,
  AEST: 600,
  AEDT: 660,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
const ZONE = String.raw`(?:\s?(UTC|GMT|Z|[A-Z]{3,4}|[A-Z][a-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)(?:\s?([+-]\d{1,2})(?::?(\d{2}))?)?\b)?`;
const AMPM = String.raw`\s?(a\.?m\.?|p\.?m\.?)(?![a-z])`;

const ISO_INSTANT = /\b(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?(?:\s?(UTC|GMT))?/g;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const CLOCK = new RegExp(String.raw`\b(\d{1,2}):(\d{2})(?::\d{2})?(?:${AMPM})?${ZONE}`, "gi");
const HOUR_AMPM = new RegExp(String.raw`\b(\d{1,2})${AMPM}${ZONE}`, "gi");
const DAY_MONTH = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s${MONTH}\b(?:,?\s(\d{4}))?`, "gi");
const MONTH_DAY = new RegExp(String.raw`\b${MONTH}\.?\s(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s(\d{4}))?`, "gi");

/** The offset or IANA zone a label names; null when it is not a zone. */
function zoneOf(label: string | undefined, hours: string | undefined, minutes: string | undefined): number | string | null {
  if (!label) return 0;
  const upper = label.toUpperCase();
  if (upper in ZONE_OFFSETS && label === upper) {
    const extra = hours ? Number(hours) * 60 + Math.sign(Number(hours) || 1) * Number(minutes ?? 0) : 0;
    return ZONE_OFFSETS[upper]! + extra;
  }
  if (label.includes("/")) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: label });
      return label;
    } catch {
      return null;
    }
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const monthIndex = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

function overlaps(taken: { start: number; end: number }[], start: number, end: number): boolean {
  return taken.some((t) => start < t.end && end > t.start);
}

/** Every date and time claim in a text, longest forms first (an ISO instant is not also read as a date and a clock time). */
export function findTimeClaims(text: string): TimeClaim[] {
  const claims: TimeClaim[] = [];
  const add = (claim: TimeClaim) => {
    if (!overlaps(claims, claim.start, claim.end)) claims.push(claim);
  };
  for (const m of text.matchAll(ISO_INSTANT)) {
    const [, y, mo, d, h, mi, s, offset] = m;
    const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}${offset ? (offset === "Z" ? "Z" : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset) : "Z"}`;
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) continue;
    add({ text: m[0], start: m.index, end: m.index + m[0].length, kind: "instant", value: ms, tolerance: s ? 500 : 30_000, zone: 0 });
  }
  for (const m of text.matchAll(CLOCK)) {
    const [, h, mi, ampm, label, zh, zm] = m;
    let hour = Number(h);
    if (ampm) hour = (hour % 12) + (ampm.toLowerCase().startsWith("p") ? 12 : 0);
    const zone = zoneOf(label, zh, zm);
    // A label that is not a zone ("14:00 then") is ordinary text: the time is read as UTC and ends before it.
    const labelAt = label ? m[0].lastIndexOf(label) : -1;
    const end = zone === null && labelAt >= 0 ? m.index + labelAt : m.index + m[0].length;
    if (hour > 23 || Number(mi) > 59) continue;
    add({ text: text.slice(m.index, end).trim(), start: m.index, end, kind: "clock", value: hour * 60 + Number(mi), tolerance: 0.5, zone: zone ?? 0 });
  }
  for (const m of text.matchAll(HOUR_AMPM)) {
    const [, h, ampm, label, zh, zm] = m;
    const hour12 = Number(h);
    if (hour12 < 1 || hour12 > 12) continue;
    const hour = (hour12 % 12) + (ampm!.toLowerCase().startsWith("p") ? 12 : 0);
    const zone = zoneOf(label, zh, zm);
    add({ text: m[0].trim(), start: m.index, end: m.index + m[0].length, kind: "clock", value: hour * 60, tolerance: 30, zone: zone ?? 0 });
  }
  for (const m of text.matchAll(ISO_DATE)) {
    add({ text: m[0], start: m.index, end: m.index + m[0].length, kind: "date", value: `${m[1]}-${m[2]}-${m[3]}`, tolerance: 0, zone: 0 });
  }
  for (const m of text.matchAll(DAY_MONTH)) {
    const [, d, month, y] = m;
    const md = `${pad(monthIndex(month!) + 1)}-${pad(Number(d))}`;
    add({ text: m[0], start: m.index, end: m.index + m[0].length, kind: "date", value: y ? `${y}-${md}` : md, tolerance: 0, zone: 0 });
  }
  for (const m of text.matchAll(MONTH_DAY)) {
    const [, month, d, y] = m;
    const md = `${pad(monthIndex(month!) + 1)}-${pad(Number(d))}`;
    add({ text: m[0], start: m.index, end: m.index + m[0].length, kind: "date", value: y ? `${y}-${md}` : md, tolerance: 0, zone: 0 });
  }
  return claims.sort((a, b) => a.start - b.start);
}

/** Calendar date and minute of the day of an instant in a zone (fixed offset or IANA name). */
function localParts(ms: number, zone: number | string): { date: string; minute: number } {
  if (typeof zone === "number") {
    const d = new Date(ms + zone * 60_000);
    return { date: d.toISOString().slice(0, 10), minute: d.getUTCHours() * 60 + d.getUTCMinutes() + d.getUTCSeconds() / 60 };
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether a time claim renders one of the record's instants (to the precision written, in the zone written). */
export function timeClaimMatches(claim: TimeClaim, instantsMs: readonly number[]): boolean {
  return instantsMs.some((ms) => {
    // A time written to the minute may be rounded or cut off ("17:35" for 17:35:56): people and models do both.
    if (claim.kind === "instant")
      return (
        Math.abs(ms - (claim.value as number)) <= claim.tolerance ||
        (claim.tolerance === 30_000 && ms - (claim.value as number) >= 0 && ms - (claim.value as number) < 60_000)
      );
    const local = localParts(ms, claim.zone);
    if (claim.kind === "date") {
      const value = claim.value as string;
      return value.length === 5 ? local.date.slice(5) === value : local.date === value;
    }
    const diff = Math.abs(local.minute - (claim.value as number));
    return Math.min(diff, 1440 - diff) <= claim.tolerance || (claim.tolerance < 1 && Math.floor(local.minute) === claim.value);
  });
}
