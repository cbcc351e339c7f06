"use client";
// Every instant the UI shows goes through here, so each one carries its zone's label and follows the
// person's time zone setting.
import { formatInstant, formatRelative } from "./format-instant";
import { useDisplayTimeZone } from "./time-zone-context";
import { useNow } from "./use-now";

/**
 * A <time> element in the display zone, labelled ("Nov 24, 2026, 6:56 PM EST"). `relative` writes the
 * distance from now instead ("in 52 min") with the labelled instant beside it in smaller type;
 * `compact` drops the year (tables); `seconds` is for live clocks.
 */
export function Timestamp({
  value,
  seconds = false,
  compact = false,
  relative = false,
}: {
  value: Date | string | number | null | undefined;
  seconds?: boolean;
  compact?: boolean;
  relative?: boolean;
}) {
  const zone = useDisplayTimeZone();
  const now = useNow();
  if (value === null || value === undefined || value === "") return <span className="text-slate-500">—</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span className="text-slate-500">—</span>;
  const absolute = formatInstant(date, zone, { seconds, compact: compact || relative });
  if (relative && now !== null)
    return (
      <time dateTime={date.toISOString()} title={formatInstant(date, zone, { seconds })}>
        {formatRelative(date, now)} <span className="text-xs text-slate-600">({absolute})</span>
      </time>
    );
  return <time dateTime={date.toISOString()}>{absolute}</time>;
}
