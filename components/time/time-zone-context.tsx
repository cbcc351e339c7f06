"use client";
// Which zone the UI writes instants in: the person's stored setting, else the browser's own zone.
// Server rendering knows only the stored setting, so without one it writes UTC (labelled) and the
// browser switches to its zone after hydration.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";

const StoredZone = createContext<string | null>(null);
const noSubscription = () => () => {};

/** The browser's IANA zone ("UTC" where the runtime does not say). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Makes the signed-in person's stored zone (null: follow the browser) available to every timestamp below. */
export function TimeZoneProvider({ stored, children }: { stored: string | null; children: ReactNode }) {
  return <StoredZone.Provider value={stored}>{children}</StoredZone.Provider>;
}

/** The stored setting itself (null when the browser's zone applies). */
export function useStoredTimeZone(): string | null {
  return useContext(StoredZone);
}

/** The zone to write instants in now. */
export function useDisplayTimeZone(): string {
  const stored = useContext(StoredZone);
  const browser = useSyncExternalStore(noSubscription, browserTimeZone, () => "UTC");
  return stored ?? browser;
}
