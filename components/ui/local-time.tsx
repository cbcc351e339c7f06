"use client";
// Shows an instant in the viewer's own time zone (the server does not know it).
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** A <time> element rendered in the browser's locale and time zone (`seconds` for live clocks). */
export function LocalTime({ value, seconds = false }: { value: Date | string | null | undefined; seconds?: boolean }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!value) return <span className="text-slate-500">—</span>;
  const date = new Date(value);
  const text = hydrated
    ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: seconds ? "medium" : "short" })
    : date.toISOString().slice(0, 16).replace("T", " ") + " UTC";
  return <time dateTime={date.toISOString()}>{text}</time>;
}
