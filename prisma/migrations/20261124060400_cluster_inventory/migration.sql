-- AlterTable
ALTER TABLE "Node" ADD COLUMN "removedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ClusterConnection" ADD COLUMN "inventoryError" TEXT,
ADD COLUMN "inventoryImportedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "InventoryDrift" (
    "id" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "trigger" TEXT NOT NULL,
    "nodesReported" INTEGER NOT NULL,
    "added" INTEGER NOT NULL,
    "removed" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "skipped" INTEGER NOT NULL,
    "changes" JSONB NOT NULL,

    CONSTRAINT "InventoryDrift_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InventoryDrift_clusterId_at_idx" ON "InventoryDrift"("clusterId", "at");

-- AddForeignKey
ALTER TABLE "InventoryDrift" ADD CONSTRAINT "InventoryDrift_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;
