/**
 * Backfill in the live loop, under the policy's `constraints.backfill`:
 * - "easy": the first job of the cycle (queue order) that must wait for busy nodes holds them as a
 *   reservation from the start the capacity timeline predicts (running jobs' predicted ends); jobs
 *   behind it start only where they do not delay it (the engine's timeline refuses any other window);
 * - "conservative": every such job holds one (up to MAX_CONSERVATIVE_RESERVATIONS, as the simulator),
 *   each computed with the earlier ones in place;
 * - "off": no backfill: strict priority order. No reservations (rows are dropped); once a job must
 *   wait for busy nodes, no job behind it in the queue starts this cycle (as in the simulator);
 * - "first-fit": no reservations (rows are dropped) and no order: every job that fits starts.
 * Reservations are recomputed every cycle: the jobs the cycle decides lose their old holds first (a job
 * must be free to use its own nodes), and the new holds replace the stored rows at the end of the cycle.
 * Only a capacity wait on one cluster is held (the explanation's capacityWait); a carbon deferral
 * already has its start, and an unschedulable job has no nodes to hold. While the mode wants another
 * hold, jobs that would wait out their deferral unseen are decided anyway (a few per cycle), so a
 * placed head's hold passes to the next job waiting for capacity at once, not minutes later.
 */
import { MAX_CONSERVATIVE_RESERVATIONS, type CoordinatorDecision, type CoordinatorPolicy, type FleetSnapshot } from "../../engine";
import type { Db } from "../../db/client";
import type { QueuedJobRow } from "../../repositories/fleet-repository";
import { deleteAllReservations, replaceReservations, type ReservationWrite } from "../../repositories/reservation-repository";
import type { FleetIndex } from "../fleet-snapshot";
import { reservationRow, withoutReservationsOf, withReservation } from "../reservation-snapshot";

/** Most deferred jobs a cycle decides before their reconsideration time while looking for a job to hold nodes for. */
export const MAX_EARLY_DECISIONS = 16;

/** The cycle's backfill state: the mode, how many holds it allows, the jobs it decides and the holds made so far. */
export interface BackfillRun {
  readonly mode: CoordinatorPolicy["constraints"]["backfill"];
  readonly maxReservations: number;
  /** Jobs decided this cycle: their stored reservations are replaced by what this cycle holds. */
  readonly decided: Set<string>;
  readonly held: ReservationWrite[];
  /** Deferred jobs decided early this cycle (see decideEarly). */
  early: number;
  /** With backfill off: the first job of the cycle that waits for busy nodes; every job behind it waits too. */
  blockedBy: string | null;
}

/** What a hold changes in the cycle: the snapshot later jobs see. */
interface HoldingCycle {
  readonly backfill: BackfillRun;
  readonly index: FleetIndex;
  snapshot: FleetSnapshot;
}

/** Whether a mode holds no reservation at all (strict order needs none; first fit keeps none). */
function holdsNothing(mode: BackfillRun["mode"]): boolean {
  return mode === "off" || mode === "first-fit";
}

/** How many reservations a mode holds at once. */
export function maxReservationsOf(mode: BackfillRun["mode"]): number {
  return mode === "conservative" ? MAX_CONSERVATIVE_RESERVATIONS : mode === "easy" ? 1 : 0;
}

/**
 * Starts a cycle's backfill: `toDecide` picks the queued jobs the cycle decides, given the jobs that hold
 * a reservation now. Returns the state and the snapshot without the holds of the jobs decided again
 * (without any hold when backfill is off).
 */
export function startBackfill(
  policy: CoordinatorPolicy,
  snapshot: FleetSnapshot,
  toDecide: (held: ReadonlySet<string>) => readonly QueuedJobRow[],
): { backfill: BackfillRun; snapshot: FleetSnapshot } {
  const mode = policy.constraints.backfill ?? "easy";
  const held = new Set(snapshot.clusters.flatMap((c) => c.reservations.map((r) => r.jobId)));
  const decided = new Set(toDecide(held).map((row) => row.id));
  const backfill: BackfillRun = { mode, maxReservations: maxReservationsOf(mode), decided, held: [], early: 0, blockedBy: null };
  return { backfill, snapshot: withoutReservationsOf(snapshot, holdsNothing(mode) ? held : decided) };
}

/** Whether the job would hold a reservation: the mode allows another and the decision is a capacity wait on one cluster. */
export function wouldHoldReservation(backfill: BackfillRun, decision: CoordinatorDecision): boolean {
  if (backfill.held.length >= backfill.maxReservations || holdsNothing(backfill.mode)) return false;
  return decision.explanation.capacityWait !== undefined && decision.outcome === "deferred" && decision.parts.length === 1;
}

/**
 * Holds the nodes a job waits for when the mode allows another reservation and the decision is a
 * capacity wait on one cluster: later jobs in the cycle see the hold. True when it holds one.
 */
export function holdIfWaitingForCapacity(cycle: HoldingCycle, jobId: string, decision: CoordinatorDecision): boolean {
  const { backfill } = cycle;
  const wait = decision.explanation.capacityWait;
  if (!wait || !wouldHoldReservation(backfill, decision)) return false;
  const names = cycle.index.clusters.get(wait.clusterId)?.nodeNames;
  const row = names ? reservationRow(decision, jobId, names, backfill.mode === "conservative" ? "conservative" : "easy") : null;
  if (!row) return false;
  backfill.held.push(row);
  cycle.snapshot = withReservation(cycle.snapshot, decision, jobId);
  return true;
}

/**
 * With backfill off, a capacity wait closes the queue for the rest of the cycle (strict priority
 * order: nothing may start ahead of a higher-priority job that waits for GPUs). True when it did.
 */
export function blockIfStrictOrder(backfill: BackfillRun, jobId: string, decision: CoordinatorDecision): boolean {
  if (backfill.mode !== "off" || backfill.blockedBy !== null || decision.outcome === "placed" || !decision.explanation.capacityWait) return false;
  backfill.blockedBy = jobId;
  return true;
}

/**
 * Whether a job the cycle would skip (waiting for its deferred start) is decided anyway: the mode still
 * wants a hold and the cycle has early decisions left. Marks it decided when so.
 */
export function decideEarly(backfill: BackfillRun, jobId: string): boolean {
  if (holdsNothing(backfill.mode) || backfill.held.length >= backfill.maxReservations || backfill.early >= MAX_EARLY_DECISIONS) return false;
  backfill.early++;
  backfill.decided.add(jobId);
  return true;
}

/** Stores the cycle's holds: the decided jobs' rows replaced (every row dropped when backfill is off). */
export async function persistReservations(db: Db, backfill: BackfillRun): Promise<void> {
  if (holdsNothing(backfill.mode)) await deleteAllReservations(db);
  else await replaceReservations(db, [...backfill.decided], backfill.held);
}
