"use client";
// A shared clock for relative times: one timer for every subscriber, ticking every 30 s, and no
// value during server rendering (the server cannot know when the page is read).
import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;
let nowMs = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    nowMs = Date.now();
    timer = setInterval(() => {
      nowMs = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Milliseconds since the epoch, refreshed every 30 s; null on the server and before hydration. */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => nowMs || (nowMs = Date.now()),
    () => null,
  );
}
