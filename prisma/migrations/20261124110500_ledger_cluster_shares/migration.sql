-- A job split across clusters drew energy on each of them: its ledger entry is split per cluster (by the
-- facility energy it drew there), so savings by cluster no longer credit everything to the first part.
CREATE TABLE "CarbonSavingsClusterShare" (
    "entryId" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "energyShare" DOUBLE PRECISION NOT NULL,
    "actualGCo2e" DOUBLE PRECISION NOT NULL,
    "baselineGCo2e" DOUBLE PRECISION NOT NULL,
    "savedGCo2e" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "CarbonSavingsClusterShare_pkey" PRIMARY KEY ("entryId","clusterId"),
    CONSTRAINT "CarbonSavingsClusterShare_energyShare_range" CHECK ("energyShare" >= 0 AND "energyShare" <= 1)
);

CREATE INDEX "CarbonSavingsClusterShare_clusterId_idx" ON "CarbonSavingsClusterShare"("clusterId");

ALTER TABLE "CarbonSavingsClusterShare" ADD CONSTRAINT "CarbonSavingsClusterShare_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "CarbonSavingsEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
