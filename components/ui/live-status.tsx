"use client";
// Says that a polled view is live and when it last changed, or that refreshing failed (the last
// good data stays on screen and polling keeps retrying).
import { Timestamp } from "@/components/time/timestamp";

/** How often live views poll (state changes show within about this long). */
export const LIVE_POLL_MS = 2_000;
/** How often slow-moving history charts poll. */
export const HISTORY_POLL_MS = 60_000;

export function LiveStatus({ updatedAt, error }: { updatedAt: number; error: unknown }) {
  if (error) {
    return (
      <p role="status" className="text-xs font-medium text-amber-800" data-testid="live-status">
        Connection lost — showing data from {updatedAt ? <Timestamp value={new Date(updatedAt)} seconds /> : "earlier"}; retrying…
      </p>
    );
  }
  return (
    <p className="text-xs text-slate-600" data-testid="live-status">
      <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-full bg-leaf-500 align-middle" />
      Live · updated {updatedAt ? <Timestamp value={new Date(updatedAt)} seconds /> : "—"}
    </p>
  );
}
