-- CreateTable
CREATE TABLE "ClusterLink" (
    "id" TEXT NOT NULL,
    "clusterAId" TEXT NOT NULL,
    "clusterBId" TEXT NOT NULL,
    "distanceKm" DOUBLE PRECISION NOT NULL,
    "bandwidthGbps" DOUBLE PRECISION NOT NULL,
    "latencyMs" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClusterLink_pkey" PRIMARY KEY ("id"),
    -- One row per unordered pair, never a cluster with itself: the pair is stored smaller id first.
    CONSTRAINT "ClusterLink_ordered_pair_check" CHECK ("clusterAId" < "clusterBId"),
    CONSTRAINT "ClusterLink_positive_check" CHECK ("distanceKm" > 0 AND "bandwidthGbps" > 0 AND "latencyMs" > 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "ClusterLink_clusterAId_clusterBId_key" ON "ClusterLink"("clusterAId", "clusterBId");

-- CreateIndex
CREATE INDEX "ClusterLink_clusterBId_idx" ON "ClusterLink"("clusterBId");

-- AddForeignKey
ALTER TABLE "ClusterLink" ADD CONSTRAINT "ClusterLink_clusterAId_fkey" FOREIGN KEY ("clusterAId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClusterLink" ADD CONSTRAINT "ClusterLink_clusterBId_fkey" FOREIGN KEY ("clusterBId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;
