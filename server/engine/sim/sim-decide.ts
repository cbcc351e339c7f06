/**
 * Deciding one queued job with the production coordinator and acting on the decision: start it now,
 * hold a deferral reservation until its chosen start, hold the EASY head reservation, or wait.
 */
import type { CoordinatorOutcome } from "../coordinator/coordinator";
import { expectedEndMs } from "../coordinator/expected-end";
import type { FleetCluster, FleetJob, RunningJob } from "../coordinator/types";
import { mixSeed } from "../model/rng";
import type { SimClusterRun } from "./sim-cluster";
import { addUsage, gauge } from "./sim-queue";
import { mayPreemptNow, preemptFor } from "./sim-preempt";
import { buildSnapshot, fleetJob } from "./sim-snapshot";
import { P, type JobRec, type SimState } from "./sim-state";

/** Quantile of past durations used for flexible jobs (the window must hold the run). */
const FLEXIBLE_QUANTILE = 0.9;
/** Re-decisions of a flexible job before it must run as soon as possible. */
export const MAX_REDECISIONS = 6;
/** Reasons that are unresolvable for the job as submitted but are not the hardware's: ignored for "never fits". */
const WAITABLE_LIMITS = new Set(["DEADLINE_UNREACHABLE", "TENANT_GPU_QUOTA", "CARBON_BUDGET"]);

/** What deciding a job did: started, deferred with a reservation, took the EASY head reservation, must wait, or can never run. */
export type DecideOutcome = "started" | "reserved" | "head" | "blocked" | "skipped";

/** The nodes of one decision part (or of a held reservation). */
interface StartPart {
  request: RunningJob["job"];
  assignments: RunningJob["assignments"];
}

/**
 * The run time a (resumed) run is predicted to need: the estimate less the work its checkpoints saved.
 * A job that saved more than its estimate has outlived it, so, as for a running job past its
 * predicted end (expectedEndMs), it is expected to need as long again as it has worked (at least a
 * minute). Predicting a minute instead let a stopped overrunning job backfill again at once, overrun
 * again within the minute and be stopped again.
 */
export function resumedEstimateS(estimateS: number, savedWorkS: number): number {
  if (savedWorkS <= 0) return estimateS;
  return Math.max(60, (expectedEndMs(0, estimateS * 1000, savedWorkS * 1000) - savedWorkS * 1000) / 1000);
}

/** Whether another job holds a capacity reservation on the cluster (a job starting there now is a backfill). */
function heldForAnother(c: SimClusterRun, jobId: string): boolean {
  for (const x of c.reservations.values()) if (x.jobId !== jobId && !x.carbonDeferral) return true;
  return false;
}

/**
 * Starts a job on the given nodes now, scheduling its completion at its TRUE duration. Returns false
 * when the nodes no longer fit; such a failure counts as a conflict unless `mayNotFit` (a held
 * reservation may be taken by a job that overran its predicted end).
 */
export function startJob(s: SimState, r: JobRec, clusterIndex: number, part: StartPart, mayNotFit = false): boolean {
  const c = s.clusters[clusterIndex] as SimClusterRun;
  gauge(s);
  // An elastic gang started with fewer members works at their rate (linear in members, as the coordinator assumes).
  const slowdown = r.job.gangSize / Math.max(1, Math.min(r.job.gangSize, part.assignments.length));
  const estimateLeftS = resumedEstimateS(r.estimateS, r.savedWorkS) * slowdown;
  try {
    c.start(
      s.now,
      { jobId: r.job.id, job: part.request, assignments: part.assignments, endMs: s.now + estimateLeftS * 1000 },
      r.job.gpuUtilization,
      r.job.powerScale,
    );
  } catch {
    // A decision that disagrees with the live state should not happen; a reservation may (a job overran).
    if (!mayNotFit) s.acc.conflicts++;
    return false;
  }
  s.acc.runStarted(r.job.id, part.request.gpuCount * part.request.gpuMilliPerGpu * part.assignments.length, s.now);
  r.backfilled = heldForAnother(c, r.job.id);
  r.status = "running";
  r.clusterIndex = clusterIndex;
  r.token++;
  r.firstStartMs ??= s.now;
  r.runStartMs = s.now;
  addUsage(s, r.job, 1);
  // JTTED: the predictor's median estimate at the start decision against the true run time.
  s.acc.relErrors.push((r.medianEstimateS - r.job.durationS) / r.job.durationS);
  r.runEndMs = s.now + (r.job.durationS - r.savedWorkS) * 1000 * slowdown;
  s.queue.push(r.runEndMs, P.complete, { k: "complete", r, token: r.token });
  return true;
}

/**
 * Refreshes the job's duration estimates from the predictor: the median always (JTTED), and the
 * coordinator's estimate with the p90 for a job that may still be deferred (its window must hold the run).
 */
function refreshEstimates(s: SimState, r: JobRec, asap: boolean): void {
  r.medianEstimateS = Math.max(1, s.predictor.predict(r.features).estimateS);
  r.estimateS = r.job.deadlineMs != null && !asap ? Math.max(1, s.predictor.predict(r.features, FLEXIBLE_QUANTILE).estimateS) : r.medianEstimateS;
}

/** A deferral the coordinator chose: the first part's nodes, its start and its cluster's index. */
interface Deferral {
  part: CoordinatorOutcome["parts"][number];
  startMs: number;
  ci: number;
}

/**
 * Acts on a deferral: a job with a reachable deadline holds a reservation and wakes at the chosen
 * start; otherwise the first waiting job (when allowed) keeps the EASY head reservation.
 */
function holdDeferral(s: SimState, r: JobRec, fj: FleetJob, deferral: Deferral, allowHeadReservation: boolean): DecideOutcome {
  const { part, startMs, ci } = deferral;
  const reservation = { jobId: r.job.id, job: part.request, assignments: part.assignments, startMs: part.startMs, endMs: part.endMs };
  if (fj.deadlineMs != null) {
    // A job with a window waits for its chosen (greener) start: no capacity claim others must keep clear of.
    s.clusters[ci]?.reserve({ ...reservation, carbonDeferral: true });
    r.clusterIndex = ci;
    r.status = "reserved";
    s.reservedCount++;
    r.token++;
    r.redecisions++;
    s.queue.push(startMs, P.wake, { k: "wake", r, token: r.token });
    return "reserved";
  }
  if (allowHeadReservation) {
    s.clusters[ci]?.reserve(reservation);
    r.clusterIndex = ci;
    r.headReserved = true;
    // No wake: capacity frees only at completions and node-up events, and both dispatch again.
    return "head";
  }
  return "blocked";
}

/**
 * Whether the job's shape never fits: every cluster refuses it for a reason an idle cluster would give
 * too. The deadline and the tenant's limits do not count here (the job may run late; limits are not
 * hardware). Cached per shape, from the first decision of that shape that placed nothing.
 */
function neverFits(s: SimState, r: JobRec, d: CoordinatorOutcome): boolean {
  let never = s.neverFits.get(r.shape);
  if (never === undefined) {
    never =
      d.verdicts.length > 0 && d.verdicts.every((v) => v.verdict === "unfit-unresolvable" && v.unresolvableCodes.some((code) => !WAITABLE_LIMITS.has(code)));
    s.neverFits.set(r.shape, never);
  }
  return never;
}

/**
 * Whether a decision may hold a capacity reservation: not at all, as the dispatch's first hold (which
 * may also take back overrunning backfills), or as a later one (conservative backfill).
 */
export type HoldRight = "none" | "first" | "later";

/** Decides one job (on one cluster only, starting now or not at all, when `onlyCluster` is given); returns what happened. */
export function decide(s: SimState, r: JobRec, hold: HoldRight, onlyCluster?: number): DecideOutcome {
  const allowHeadReservation = hold !== "none";
  const asap = r.redecisions >= MAX_REDECISIONS;
  refreshEstimates(s, r, asap);
  const fj = fleetJob(s, r, asap);
  s.acc.decisions++;
  const full = buildSnapshot(s, r, false);
  const view = onlyCluster === undefined ? full : { ...full, clusters: [full.clusters[onlyCluster] as FleetCluster] };
  // Without a window and without the head reservation, only a start now is acted on (the rest waits).
  const startNowOnly = onlyCluster !== undefined || (!allowHeadReservation && fj.deadlineMs == null);
  const d = s.coordinator.decideUnexplained(view, fj, { seed: mixSeed(mixSeed(s.input.seed, r.idx), r.redecisions), startNowOnly });
  const part = d.parts[0];
  const ci = part ? s.input.clusters.findIndex((c) => c.id === part.clusterId) : -1;
  if (d.outcome === "placed" && part) return startJob(s, r, ci, part) ? "started" : "blocked";
  if (onlyCluster !== undefined) return "blocked";
  // The first job to hold a reservation in this dispatch may also take back what overrunning backfilled
  // jobs hold (under conservative backfill, later holders' starts move with the first one's anyway).
  const holdsReservation = hold === "first" && d.outcome === "deferred";
  if (fj.deadlineMs == null && mayPreemptNow(s, r, holdsReservation) && preemptFor(s, r, fj, full, holdsReservation)) return "started";
  if (d.outcome === "deferred" && part && d.startMs !== null) return holdDeferral(s, r, fj, { part, startMs: d.startMs, ci }, allowHeadReservation);
  return neverFits(s, r, d) ? "skipped" : "blocked";
}
