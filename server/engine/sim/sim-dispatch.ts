/**
 * One dispatch of the wait queue with EASY backfill: jobs are decided in queue order, the first that
 * must wait for capacity keeps a reservation and later jobs start only if they do not delay it.
 */
import { decide } from "./sim-decide";
import { dropReservation, gpusOf, overQuota, skip, unqueue } from "./sim-queue";
import type { SimState } from "./sim-state";

/** Most coordinator decisions per dispatch (the head plus backfill candidates). */
const MAX_DECISIONS_PER_DISPATCH = 24;

/** Drops the EASY head reservations of the previous dispatch (the head is recomputed every time). */
function clearHeadReservations(s: SimState): void {
  for (const r of s.waiting)
    if (r.headReserved) {
      dropReservation(s, r);
      r.headReserved = false;
    }
}

/**
 * Decides up to {@link MAX_DECISIONS_PER_DISPATCH} waiting jobs in queue order. Once a shape could not
 * start, the same shape is skipped for the rest of the dispatch (capacity only shrinks within it).
 */
export function dispatch(s: SimState): void {
  clearHeadReservations(s);
  const blocked = new Set<string>();
  let decisions = 0;
  let headTaken = false;
  for (const r of [...s.waiting]) {
    if (decisions >= MAX_DECISIONS_PER_DISPATCH) break;
    if (r.status !== "waiting" || blocked.has(r.shape)) continue;
    if (overQuota(s, r.job)) {
      // Bigger than the tenant's whole quota: can never run.
      if (gpusOf(r.job) > (s.quota.get(r.job.tenant) ?? 0)) skip(s, r);
      continue;
    }
    decisions++;
    const out = decide(s, r, !headTaken);
    if (out === "started" || out === "reserved") unqueue(s, r);
    else if (out === "skipped") skip(s, r);
    else if (out === "head") headTaken = true;
    else blocked.add(r.shape);
  }
}
