/** Writes the demo history rows inside the seed's transaction. */
import type { Prisma } from "../db/generated/client";
import { storeInputParts } from "../repositories/decision-input-repository";
import { rewriteExplanationsExact } from "../repositories/placement-repository";
import type { InputPart } from "../services/decision-input-codec";
import { compressInputPart } from "../services/decision-input-store";

/** The seed's transaction client. */
export type DbTx = Prisma.TransactionClient;

/** Inserts jobs, decision inputs, decisions, energy hours, ledger entries and cluster samples (in this order). */
export async function writeDemoHistory(
  tx: DbTx,
  rows: {
    jobs: Record<string, unknown>[];
    decisions: Record<string, unknown>[];
    inputs: readonly InputPart[];
    energyHours: Record<string, unknown>[];
    savings: Record<string, unknown>[];
    clusterSamples: Prisma.ClusterSampleCreateManyInput[];
  },
): Promise<void> {
  await tx.job.createMany({ data: rows.jobs as unknown as Prisma.JobCreateManyInput[] });
  await storeInputParts(tx, rows.inputs, compressInputPart);
  await tx.decision.createMany({ data: rows.decisions as unknown as Prisma.DecisionCreateManyInput[] });
  await rewriteExplanationsExact(tx, rows.decisions as { id: string; explanation: unknown }[]);
  await tx.jobEnergyHour.createMany({ data: rows.energyHours as unknown as Prisma.JobEnergyHourCreateManyInput[] });
  await tx.carbonSavingsEntry.createMany({ data: rows.savings as unknown as Prisma.CarbonSavingsEntryCreateManyInput[] });
  await tx.clusterSample.createMany({ data: rows.clusterSamples });
}
