/** Writes the demo history rows inside the seed's transaction. */
import type { Prisma } from "../db/generated/client";

/** The seed's transaction client. */
export type DbTx = Prisma.TransactionClient;

/** Inserts jobs, decisions, energy hours, ledger entries and cluster samples (in this order). */
export async function writeDemoHistory(
  tx: DbTx,
  rows: {
    jobs: Record<string, unknown>[];
    decisions: Record<string, unknown>[];
    energyHours: Record<string, unknown>[];
    savings: Record<string, unknown>[];
    clusterSamples: Prisma.ClusterSampleCreateManyInput[];
  },
): Promise<void> {
  await tx.job.createMany({ data: rows.jobs as unknown as Prisma.JobCreateManyInput[] });
  await tx.decision.createMany({ data: rows.decisions as unknown as Prisma.DecisionCreateManyInput[] });
  await tx.jobEnergyHour.createMany({ data: rows.energyHours as unknown as Prisma.JobEnergyHourCreateManyInput[] });
  await tx.carbonSavingsEntry.createMany({ data: rows.savings as unknown as Prisma.CarbonSavingsEntryCreateManyInput[] });
  await tx.clusterSample.createMany({ data: rows.clusterSamples });
}
