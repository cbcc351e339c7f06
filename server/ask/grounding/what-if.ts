// "What if I had ...?": decides a recorded decision again on the engine inputs it was made on (the
// same path replay uses) with one change to the job, and states both outcomes side by side. Nothing
// is saved; the fleet is the one of the recorded moment, so the answer is about that decision.
import { z } from "zod";
import { createCoordinator, type CoordinatorExplanation, type FleetJob } from "../../engine";
import type { Db } from "../../db/client";
import { loadDecisionInput } from "../../services/decision-input-store";
import type { WhatIfComparison, WhatIfSide } from "../contract";

/** The changes a what-if may make to the job; at least one. */
export const whatIfChangeSchema = z
  .object({
    allowedGpuModels: z.array(z.string().min(1).max(64)).max(16).optional().describe("GPU model codes the job may run on (empty = any)"),
    gpuCount: z.number().int().min(1).max(1024).optional().describe("GPUs per member"),
    deadlineHoursAfterDecision: z
      .number()
      .min(1)
      .max(24 * 14)
      .optional()
      .describe("a later deadline, hours after the decision"),
    allowSplit: z.boolean().optional().describe("whether the job may be split across two clusters"),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), "name at least one change");

/** One what-if change. */
export type WhatIfChange = z.infer<typeof whatIfChangeSchema>;

/** The change in words ("allowed GPU models H800; deadline 48 h after the decision"). */
export function describeChange(c: WhatIfChange): string {
  const parts: string[] = [];
  if (c.allowedGpuModels) parts.push(c.allowedGpuModels.length ? `allowed GPU models ${c.allowedGpuModels.join(", ")}` : "any GPU model");
  if (c.gpuCount !== undefined) parts.push(`${c.gpuCount} GPU${c.gpuCount === 1 ? "" : "s"} per member`);
  if (c.deadlineHoursAfterDecision !== undefined) parts.push(`deadline ${c.deadlineHoursAfterDecision} h after the decision`);
  if (c.allowSplit !== undefined) parts.push(c.allowSplit ? "split allowed" : "no split");
  return parts.join("; ");
}

/** The job with the change applied. Pure. */
export function applyChange(job: FleetJob, c: WhatIfChange, decidedAtMs: number): FleetJob {
  return {
    ...job,
    ...(c.allowedGpuModels ? { allowedGpuModels: c.allowedGpuModels } : {}),
    ...(c.gpuCount !== undefined ? { gpuCount: c.gpuCount } : {}),
    ...(c.deadlineHoursAfterDecision !== undefined ? { deadlineMs: decidedAtMs + c.deadlineHoursAfterDecision * 3_600_000 } : {}),
    ...(c.allowSplit !== undefined ? { allowSplit: c.allowSplit } : {}),
  };
}

/** One side of the comparison, from an explanation. */
export function sideOf(e: CoordinatorExplanation): WhatIfSide {
  const chosen = e.chosen[0];
  const name = chosen ? (e.clusters.find((c) => c.clusterId === chosen.clusterId)?.name ?? chosen.clusterId) : null;
  return {
    outcome: e.outcome,
    cluster: name,
    start: chosen ? new Date(chosen.startMs).toISOString() : null,
    gCo2e: chosen ? Number(e.chosen.reduce((s, p) => s + p.carbon.chosenGCo2e, 0).toFixed(2)) : null,
    energyKwh: chosen ? Number(e.chosen.reduce((s, p) => s + p.carbon.energy.value, 0).toFixed(3)) : null,
    waitS: chosen ? Math.max(0, Math.round((chosen.startMs - e.decidedAtMs) / 1000)) : null,
  };
}

/** Decides the recorded decision again with the change; null when its engine inputs were not recorded. */
export async function runWhatIf(db: Db, decisionId: string, recorded: CoordinatorExplanation, change: WhatIfChange): Promise<WhatIfComparison | null> {
  const row = await db.decision.findUnique({ where: { id: decisionId }, select: { inputHash: true } });
  if (!row?.inputHash) return null;
  const { input } = await loadDecisionInput(db, row.inputHash);
  if (!input) return null;
  const job = applyChange(input.job, change, recorded.decidedAtMs);
  const decision = createCoordinator(input.coordinator).decide(input.snapshot, job, { seed: input.seed });
  return { decisionId, change: describeChange(change), recorded: sideOf(recorded), changed: sideOf(decision.explanation) };
}
