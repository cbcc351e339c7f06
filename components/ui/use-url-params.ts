"use client";
// A table's filters, sort and page live in the address bar, so a reload, the back button or a shared
// link shows the same rows.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef } from "react";

/**
 * The named query parameters with their defaults, and a setter that replaces the URL (no new history
 * entry per keystroke); a value equal to its default is left out of the URL. It goes through the
 * router, not the native history API: the router keeps its own copy of the URL and would put the old
 * one back on its next update. Two changes in quick succession build on each other (the second
 * starts from the query the first asked for, not from an address bar that has not caught up yet).
 */
export function useUrlParams<K extends string>(defaults: Readonly<Record<K, string>>): [Record<K, string>, (next: Partial<Record<K, string>>) => void] {
  const params = useSearchParams();
  const key = params.toString();
  const values = useMemo(() => {
    const current = new URLSearchParams(key);
    return Object.fromEntries(Object.entries<string>(defaults).map(([k, d]) => [k, current.get(k) ?? d])) as Record<K, string>;
    // defaults are constants of the calling table
  }, [key]);
  const router = useRouter();
  const pathname = usePathname();
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === key) pending.current = null;
  }, [key]);
  const set = useCallback(
    (next: Partial<Record<K, string>>) => {
      const out = new URLSearchParams(pending.current ?? key);
      for (const [k, v] of Object.entries(next) as [K, string | undefined][]) {
        if (v === undefined || v === defaults[k]) out.delete(k);
        else out.set(k, v);
      }
      const query = out.toString();
      pending.current = query;
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [defaults, key, pathname, router],
  );
  return [values, set];
}

/** A 1-based page number from the URL; anything else reads as page 1. */
export const pageFrom = (value: string): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
