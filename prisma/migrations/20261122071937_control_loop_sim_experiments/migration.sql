-- CreateEnum
CREATE TYPE "CarbonFeedProvider" AS ENUM ('ELECTRICITY_MAPS', 'WATTTIME');

-- CreateEnum
CREATE TYPE "ClusterDriverKind" AS ENUM ('SIMULATED', 'KUBERNETES');

-- CreateEnum
CREATE TYPE "ExperimentStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- AlterTable
ALTER TABLE "Decision" ADD COLUMN     "latencyMs" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "CarbonFeed" (
    "id" TEXT NOT NULL,
    "zoneId" TEXT NOT NULL,
    "provider" "CarbonFeedProvider" NOT NULL,
    "signalType" "SignalType" NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "apiToken" TEXT,
    "externalZone" TEXT,
    "pollIntervalS" INTEGER NOT NULL DEFAULT 300,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastPolledAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastError" TEXT,
    "nextPollAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CarbonFeed_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClusterConnection" (
    "clusterId" TEXT NOT NULL,
    "driver" "ClusterDriverKind" NOT NULL DEFAULT 'SIMULATED',
    "kubeconfig" TEXT,
    "namespacePrefix" TEXT NOT NULL DEFAULT 'verdant-',
    "lastSyncAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClusterConnection_pkey" PRIMARY KEY ("clusterId")
);

-- CreateTable
CREATE TABLE "JobEnergyHour" (
    "jobId" TEXT NOT NULL,
    "hourStart" TIMESTAMP(3) NOT NULL,
    "clusterId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "itEnergyKwh" DOUBLE PRECISION NOT NULL,
    "facilityEnergyKwh" DOUBLE PRECISION NOT NULL,
    "gCo2ePerKwh" DOUBLE PRECISION NOT NULL,
    "emissionsGCo2e" DOUBLE PRECISION NOT NULL,
    "energySource" TEXT NOT NULL,
    "intensitySource" TEXT NOT NULL,

    CONSTRAINT "JobEnergyHour_pkey" PRIMARY KEY ("jobId","hourStart")
);

-- CreateTable
CREATE TABLE "CarbonSavingsEntry" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "actualGCo2e" DOUBLE PRECISION NOT NULL,
    "baselineGCo2e" DOUBLE PRECISION NOT NULL,
    "savedGCo2e" DOUBLE PRECISION NOT NULL,
    "baselineClusterId" TEXT,
    "baselineStartAt" TIMESTAMP(3),
    "method" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CarbonSavingsEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClusterSample" (
    "clusterId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "gpuCapacityMilli" INTEGER NOT NULL,
    "allocatedGpuMilli" INTEGER NOT NULL,
    "powerWatts" DOUBLE PRECISION NOT NULL,
    "runningJobs" INTEGER NOT NULL,

    CONSTRAINT "ClusterSample_pkey" PRIMARY KEY ("clusterId","at")
);

-- CreateTable
CREATE TABLE "Experiment" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scenario" JSONB NOT NULL,
    "policies" TEXT[],
    "baseline" TEXT NOT NULL,
    "status" "ExperimentStatus" NOT NULL DEFAULT 'QUEUED',
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "progressNote" TEXT,
    "results" JSONB,
    "timeSeries" JSONB,
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "wallMs" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Experiment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CarbonFeed_zoneId_provider_signalType_key" ON "CarbonFeed"("zoneId", "provider", "signalType");

-- CreateIndex
CREATE INDEX "JobEnergyHour_clusterId_hourStart_idx" ON "JobEnergyHour"("clusterId", "hourStart");

-- CreateIndex
CREATE INDEX "JobEnergyHour_tenantId_hourStart_idx" ON "JobEnergyHour"("tenantId", "hourStart");

-- CreateIndex
CREATE INDEX "JobEnergyHour_hourStart_idx" ON "JobEnergyHour"("hourStart");

-- CreateIndex
CREATE UNIQUE INDEX "CarbonSavingsEntry_jobId_key" ON "CarbonSavingsEntry"("jobId");

-- CreateIndex
CREATE INDEX "CarbonSavingsEntry_day_idx" ON "CarbonSavingsEntry"("day");

-- CreateIndex
CREATE INDEX "CarbonSavingsEntry_tenantId_day_idx" ON "CarbonSavingsEntry"("tenantId", "day");

-- CreateIndex
CREATE INDEX "CarbonSavingsEntry_clusterId_day_idx" ON "CarbonSavingsEntry"("clusterId", "day");

-- CreateIndex
CREATE INDEX "ClusterSample_at_idx" ON "ClusterSample"("at");

-- CreateIndex
CREATE INDEX "Experiment_createdAt_idx" ON "Experiment"("createdAt");

-- CreateIndex
CREATE INDEX "Experiment_status_idx" ON "Experiment"("status");

-- AddForeignKey
ALTER TABLE "CarbonFeed" ADD CONSTRAINT "CarbonFeed_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "GridZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClusterConnection" ADD CONSTRAINT "ClusterConnection_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobEnergyHour" ADD CONSTRAINT "JobEnergyHour_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CarbonSavingsEntry" ADD CONSTRAINT "CarbonSavingsEntry_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClusterSample" ADD CONSTRAINT "ClusterSample_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Hand-written guards the datamodel cannot express
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_progress_range" CHECK ("progress" >= 0 AND "progress" <= 1);
ALTER TABLE "CarbonFeed" ADD CONSTRAINT "CarbonFeed_poll_interval_positive" CHECK ("pollIntervalS" >= 60);
ALTER TABLE "CarbonFeed" ADD CONSTRAINT "CarbonFeed_signal_matches_provider" CHECK (("provider" = 'WATTTIME') = ("signalType" = 'MARGINAL'));
ALTER TABLE "ClusterConnection" ADD CONSTRAINT "ClusterConnection_kubeconfig_for_kubernetes" CHECK ("driver" <> 'KUBERNETES' OR "kubeconfig" IS NOT NULL);
ALTER TABLE "JobEnergyHour" ADD CONSTRAINT "JobEnergyHour_non_negative" CHECK ("itEnergyKwh" >= 0 AND "facilityEnergyKwh" >= "itEnergyKwh" AND "gCo2ePerKwh" >= 0 AND "emissionsGCo2e" >= 0);
ALTER TABLE "ClusterSample" ADD CONSTRAINT "ClusterSample_allocation_within_capacity" CHECK ("allocatedGpuMilli" >= 0 AND "allocatedGpuMilli" <= "gpuCapacityMilli" AND "powerWatts" >= 0);
