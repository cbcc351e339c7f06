/**
 * Writes the busy demo's rows inside the seed's transaction: quotas (fair-share weights, per-model
 * cohort quotas), the running jobs with their placements and GPU shares, the queue, and the arrival
 * rate. Node and GPU counters of the running jobs are set on the catalog rows before they are
 * inserted (see {@link holdOnCatalog}), so no row is updated one by one.
 */
import type { Prisma } from "../db/generated/client";
import { storeInputParts } from "../repositories/decision-input-repository";
import { rewriteExplanationsExact } from "../repositories/placement-repository";
import { compressInputPart } from "../services/decision-input-store";
import { busyTenantQuotas } from "./demo-catalog";
import type { DbTx } from "./demo-history-write";
import type { DemoInputs } from "./demo-inputs";
import type { RunningState } from "./demo-running";

/**
 * New jobs per hour the busy demo's arrival process submits (Admin > Settings changes it; 0 = off).
 * With the arrival mix of demo-arrival-generator.ts (8.6 GPU-hours a job) at 60x the steady GPUs in use
 * are about rate x 8.6 / 60, 573 of the busy fleet's 867 (66 %); live, the carbon-aware policy's queue
 * holds more (4,500 an hour climbed from 75 % to 90 % over the second half-hour of a demo, 5,000 reached
 * 84 % within ten minutes with a growing queue).
 */
export const BUSY_DEMO_ARRIVALS_PER_HOUR = 4000;

/** Sets the running jobs' holds on the catalog's node and GPU rows (before they are inserted). */
export function holdOnCatalog(inputs: DemoInputs, running: RunningState): void {
  for (const gpu of inputs.gpuRows as (DemoInputs["gpuRows"][number] & { allocatedMilli?: number })[]) {
    const milli = running.gpuMilli.get(gpu.id);
    if (milli) gpu.allocatedMilli = milli;
  }
  for (const node of inputs.nodeRows as (DemoInputs["nodeRows"][number] & { allocatedCpuMilli?: number; allocatedMemoryMib?: number })[]) {
    const held = running.nodeHeld.get(node.id);
    if (!held) continue;
    node.allocatedCpuMilli = held.cpuMilli;
    node.allocatedMemoryMib = held.memoryMib;
  }
}

/** The busy demo's quotas, running jobs, queue and arrival rate. */
export async function writeBusyState(
  tx: DbTx,
  rows: { running: RunningState; queue: Record<string, unknown>[]; nominal: Map<string, number>; now: Date },
): Promise<void> {
  for (const [slug, q] of Object.entries(busyTenantQuotas)) {
    await tx.tenantQuota.update({ where: { tenantId: `tenant-${slug}` }, data: { maxGpus: q.maxGpus, fairShareWeight: q.fairShareWeight } });
  }
  await tx.tenantGpuQuota.createMany({
    data: [...rows.nominal].map(([key, nominalGpus]) => {
      const [tenantId, gpuModelId] = key.split("|") as [string, string];
      return { tenantId, gpuModelId, nominalGpus, borrowingLimitGpus: null, lendingLimitGpus: null, updatedAt: rows.now };
    }),
  });
  await tx.job.createMany({ data: [...rows.running.jobs, ...rows.queue] as unknown as Prisma.JobCreateManyInput[] });
  // The placing decisions' engine inputs, so a replay of the fresh demo checks them too.
  await storeInputParts(tx, rows.running.inputs, compressInputPart);
  // The explanations (about 40 kB each) are sent once, as exact JSON text: inserted empty, then set.
  const decisions = rows.running.decisions as (Record<string, unknown> & { id: string; explanation: unknown })[];
  await tx.decision.createMany({ data: decisions.map((d) => ({ ...d, explanation: {} })) as unknown as Prisma.DecisionCreateManyInput[] });
  await rewriteExplanationsExact(tx, decisions);
  await tx.gpuShare.createMany({ data: rows.running.shares });
  await tx.systemSetting.create({ data: { id: "global", demoArrivalsPerHour: BUSY_DEMO_ARRIVALS_PER_HOUR, updatedAt: rows.now } });
}
