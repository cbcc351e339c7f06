/**
 * The preemption series of /api/metrics, read from the database at scrape: every Preemption row
 * counted by reason (lower-priority, borrowed-quota), and the GPU-hours they lost. Both reasons are
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
    help: "Running jobs stopped so that a higher-priority job could start, by reason: lower-priority or borrowed-quota.",
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
