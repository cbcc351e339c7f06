"use client";
// A table's filters, sort and page live in the address bar, so a reload, the back button or a shared
// link shows the same rows.
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

/**
 * The named query parameters with their defaults, and a setter that replaces the URL (no new history
 * entry per keystroke); a value equal to its default is left out of the URL. The native
 * history.replaceState keeps Next.js's useSearchParams in step without refetching the page from the
 * server on every change.
 */
export function useUrlParams<K extends string>(defaults: Readonly<Record<K, string>>): [Record<K, string>, (next: Partial<Record<K, string>>) => void] {
  const params = useSearchParams();
  const key = params.toString();
  const values = useMemo(() => {
    const current = new URLSearchParams(key);
    return Object.fromEntries(Object.entries<string>(defaults).map(([k, d]) => [k, current.get(k) ?? d])) as Record<K, string>;
    // defaults are constants of the calling table
  }, [key]);
  const set = useCallback(
    (next: Partial<Record<K, string>>) => {
      const out = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(next) as [K, string | undefined][]) {
        if (v === undefined || v === defaults[k]) out.delete(k);
        else out.set(k, v);
      }
      const query = out.toString();
      window.history.replaceState(window.history.state, "", query ? `${window.location.pathname}?${query}` : window.location.pathname);
    },
    [defaults],
  );
  return [values, set];
}

/** A 1-based page number from the URL; anything else reads as page 1. */
export const pageFrom = (value: string): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
