/**
 * One dispatch of the wait queue under the policy's backfill mode (`constraints.backfill`):
 * - "off": strict priority order: jobs start in queue order and the first that cannot start stops the
 *   dispatch, so nothing behind a blocked job starts (no reservation is needed: nothing can overtake it);
 * - "easy": the first job that must wait for capacity keeps a reservation and later jobs start only if
 *   they do not delay it;
 * - "conservative": every job that must wait keeps a reservation (up to
 *   {@link MAX_CONSERVATIVE_RESERVATIONS}), each placed after the earlier ones, and later jobs start only
 *   if they delay none of them;
 * - "first-fit": no reservation: every job that fits starts, whatever waits ahead of it.
 * Jobs whose class may preempt try that before waiting (sim-decide), in every mode.
 */
import { decide } from "./sim-decide";
import { growElastic } from "./sim-elastic";
import { dropReservation, gpusOf, overQuota, skip, unqueue } from "./sim-queue";
import type { SimState } from "./sim-state";

/** Most coordinator decisions per dispatch (the head plus backfill candidates). */
const MAX_DECISIONS_PER_DISPATCH = 24;
/** Most reservations conservative backfill holds at once: each costs a decision per dispatch, and the queue's tail changes before it matters. */
export const MAX_CONSERVATIVE_RESERVATIONS = 8;

/** Drops the backfill reservations of the previous dispatch (they are recomputed every time). */
function clearHeadReservations(s: SimState): void {
  for (const r of s.waiting)
    if (r.headReserved) {
      dropReservation(s, r);
      r.headReserved = false;
    }
}

/**
 * Decides up to {@link MAX_DECISIONS_PER_DISPATCH} waiting jobs in queue order under the backfill mode
 * (file header). Once a shape could not start, the same shape is skipped for the rest of the dispatch
 * (capacity only shrinks within it).
 */
export function dispatch(s: SimState): void {
  const mode = s.simPolicy.policy.constraints.backfill ?? "easy";
  const maxReservations = mode === "conservative" ? MAX_CONSERVATIVE_RESERVATIONS : mode === "easy" ? 1 : 0;
  clearHeadReservations(s);
  const blocked = new Set<string>();
  let decisions = 0;
  let reservations = 0;
  for (const r of [...s.waiting]) {
    if (decisions >= MAX_DECISIONS_PER_DISPATCH) break;
    if (r.status !== "waiting" || blocked.has(r.shape)) continue;
    if (overQuota(s, r.job)) {
      // Bigger than the tenant's whole quota: can never run.
      if (gpusOf(r.job) > (s.quota.get(r.job.tenant) ?? 0)) skip(s, r);
      continue;
    }
    decisions++;
    const out = decide(s, r, reservations >= maxReservations ? "none" : reservations === 0 ? "first" : "later");
    if (out === "started" || out === "reserved") unqueue(s, r);
    else if (out === "skipped") skip(s, r);
    else if (out === "head") reservations++;
    else if (mode === "off") break;
    else blocked.add(r.shape);
  }
  // Queued jobs first, then running elastic gangs take what is left (as the live loop grows after its cycle).
  if (s.elastic) growElastic(s);
}
