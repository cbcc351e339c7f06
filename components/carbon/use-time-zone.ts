"use client";
// The viewer's IANA time zone (the server renders with UTC, the browser switches to its own).
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The browser's time zone after hydration; "UTC" while rendering on the server. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserZone, () => "UTC");
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

/** "2026-03-14" (a calendar day from the server) -> "Mar 14" in the viewer's locale. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dayFormat.format(new Date(y!, m! - 1, d!));
}
