/**
 * The preemption series of /api/metrics, read from the database at scrape: every Preemption row
 * counted by reason (lower-priority, borrowed-quota, backfill-overrun), and the GPU-hours they lost. Every reason is
 * always present, at 0 before the first preemption, so a rate() over them starts from a sample.
 */
import { Counter, type Registry } from "prom-client";
import type { Db } from "../db/client";
import { PREEMPTION_REASONS } from "../engine";
import { countPreemptionsByReason } from "../repositories/preemption-repository";

/** Adds the preemption series to one scrape's registries. */
export async function registerPreemptionMetrics(db: Db, registers: Registry[]): Promise<void> {
  const rows = await countPreemptionsByReason(db);
  const total = new Counter({
    name: "verdant_preemptions_total",
    help: "Running jobs stopped so that another job could start, by reason: lower-priority, borrowed-quota or backfill-overrun (backfilled past its predicted end into a reservation).",
    labelNames: ["reason"],
    registers,
  });
  const lost = new Counter({
    name: "verdant_preemption_lost_gpu_hours_total",
    help: "GPU-hours of work lost by preempted jobs since their last checkpoint, by reason.",
    labelNames: ["reason"],
    registers,
  });
  for (const reason of PREEMPTION_REASONS) {
    const row = rows.find((r) => r.reason === reason);
    total.inc({ reason }, row?.count ?? 0);
    lost.inc({ reason }, row?.lostGpuHours ?? 0);
  }
}
