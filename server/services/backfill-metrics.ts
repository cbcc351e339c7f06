/**
 * The backfill series of /api/metrics, read from the database at scrape: jobs placed ahead of a
 * reservation without delaying it (decisions marked backfilled; retention pruning lowers it, which
 * rate() reads as a reset), and the reservations queued jobs hold now.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { Db } from "../db/client";
import { countBackfilledDecisions, countReservations } from "../repositories/reservation-repository";

/** Adds the backfill series to one scrape's registries. */
export async function registerBackfillMetrics(db: Db, registers: Registry[]): Promise<void> {
  const [backfilled, reservations] = await Promise.all([countBackfilledDecisions(db), countReservations(db)]);
  new Counter({
    name: "verdant_backfilled_jobs_total",
    help: "Jobs started ahead of another job's reservation without delaying it (EASY or conservative backfill).",
    registers,
  }).inc(backfilled);
  new Gauge({ name: "verdant_job_reservations", help: "Reservations held now by queued jobs waiting for busy nodes.", registers }).set(reservations);
}
