-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'OPERATOR', 'TENANT_MEMBER');

-- CreateEnum
CREATE TYPE "SignalType" AS ENUM ('AVERAGE', 'MARGINAL');

-- CreateEnum
CREATE TYPE "EmissionFactorType" AS ENUM ('LIFECYCLE', 'DIRECT');

-- CreateEnum
CREATE TYPE "IntensityKind" AS ENUM ('MEASURED', 'FORECAST');

-- CreateEnum
CREATE TYPE "ClusterTier" AS ENUM ('HUB', 'REGIONAL', 'EDGE');

-- CreateEnum
CREATE TYPE "ClusterStatus" AS ENUM ('ACTIVE', 'DRAINING', 'MAINTENANCE', 'RETIRED');

-- CreateEnum
CREATE TYPE "NodeStatus" AS ENUM ('READY', 'NOT_READY', 'CORDONED');

-- CreateEnum
CREATE TYPE "JobKind" AS ENUM ('TRAINING', 'INFERENCE', 'BATCH');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('QUEUED', 'PLACED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNSCHEDULABLE', 'EXPIRED');

-- CreateEnum
CREATE TYPE "DecisionOutcome" AS ENUM ('PLACED', 'DEFERRED', 'UNSCHEDULABLE');

-- CreateTable
CREATE TABLE "Tenant" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TenantQuota" (
    "tenantId" TEXT NOT NULL,
    "maxGpus" INTEGER NOT NULL,
    "maxGpuHoursPerMonth" INTEGER,
    "carbonBudgetKgPerMonth" DOUBLE PRECISION,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TenantQuota_pkey" PRIMARY KEY ("tenantId")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "tenantId" TEXT,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GpuModel" (
    "id" TEXT NOT NULL,
    "vendor" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "memoryGib" INTEGER NOT NULL,
    "computeUnits" DOUBLE PRECISION NOT NULL,
    "idleWatts" DOUBLE PRECISION NOT NULL,
    "maxWatts" DOUBLE PRECISION NOT NULL,
    "powerSource" TEXT NOT NULL,
    "figuresEstimated" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "GpuModel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GridZone" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "signalType" "SignalType" NOT NULL DEFAULT 'AVERAGE',
    "emissionFactorType" "EmissionFactorType" NOT NULL DEFAULT 'LIFECYCLE',
    "annualAverageGCo2ePerKwh" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "GridZone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CarbonIntensitySample" (
    "id" BIGSERIAL NOT NULL,
    "zoneId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "gCo2ePerKwh" DOUBLE PRECISION NOT NULL,
    "kind" "IntensityKind" NOT NULL,
    "signalType" "SignalType" NOT NULL,
    "emissionFactorType" "EmissionFactorType" NOT NULL,
    "provider" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "estimated" BOOLEAN NOT NULL DEFAULT false,
    "forecastIssuedAt" TIMESTAMP(3),

    CONSTRAINT "CarbonIntensitySample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cluster" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "tier" "ClusterTier" NOT NULL,
    "gridZoneId" TEXT NOT NULL,
    "pue" DOUBLE PRECISION NOT NULL,
    "locationName" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "status" "ClusterStatus" NOT NULL DEFAULT 'ACTIVE',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cluster_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Node" (
    "id" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cpuMilli" INTEGER NOT NULL,
    "memoryMib" INTEGER NOT NULL,
    "gpuModelId" TEXT,
    "gpuCount" INTEGER NOT NULL,
    "labels" JSONB NOT NULL DEFAULT '{}',
    "rackGroup" TEXT NOT NULL,
    "status" "NodeStatus" NOT NULL DEFAULT 'READY',
    "allocatedCpuMilli" INTEGER NOT NULL DEFAULT 0,
    "allocatedMemoryMib" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Node_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Gpu" (
    "id" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "allocatedMilli" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Gpu_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GpuShare" (
    "id" TEXT NOT NULL,
    "gpuId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "milli" INTEGER NOT NULL,

    CONSTRAINT "GpuShare_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "submittedById" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "JobKind" NOT NULL,
    "cpuMilli" INTEGER NOT NULL,
    "memoryMib" INTEGER NOT NULL,
    "gpuCount" INTEGER NOT NULL,
    "gpuMilli" INTEGER NOT NULL,
    "allowedGpuModels" TEXT[],
    "computeUnits" DOUBLE PRECISION,
    "minGpuMemoryGib" INTEGER,
    "gangSize" INTEGER NOT NULL DEFAULT 1,
    "estimatedDurationS" INTEGER NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "earliestStartAt" TIMESTAMP(3),
    "deadlineAt" TIMESTAMP(3),
    "allowedRegions" TEXT[],
    "allowSplit" BOOLEAN NOT NULL DEFAULT false,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "statusReason" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "placedAt" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "energyKwh" DOUBLE PRECISION,
    "emissionsGCo2e" DOUBLE PRECISION,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Decision" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "outcome" "DecisionOutcome" NOT NULL,
    "clusterId" TEXT,
    "assignments" JSONB NOT NULL DEFAULT '[]',
    "startAt" TIMESTAMP(3),
    "policyId" TEXT NOT NULL,
    "explanationVersion" INTEGER NOT NULL,
    "explanation" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Decision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Policy" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "objectiveWeights" JSONB NOT NULL,
    "constraints" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Policy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tenant_slug_key" ON "Tenant"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_tenantId_idx" ON "User"("tenantId");

-- CreateIndex
CREATE INDEX "CarbonIntensitySample_zoneId_kind_at_idx" ON "CarbonIntensitySample"("zoneId", "kind", "at");

-- CreateIndex
CREATE INDEX "CarbonIntensitySample_zoneId_at_idx" ON "CarbonIntensitySample"("zoneId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Cluster_name_key" ON "Cluster"("name");

-- CreateIndex
CREATE INDEX "Cluster_gridZoneId_idx" ON "Cluster"("gridZoneId");

-- CreateIndex
CREATE INDEX "Node_clusterId_rackGroup_idx" ON "Node"("clusterId", "rackGroup");

-- CreateIndex
CREATE UNIQUE INDEX "Node_clusterId_name_key" ON "Node"("clusterId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Gpu_nodeId_index_key" ON "Gpu"("nodeId", "index");

-- CreateIndex
CREATE INDEX "GpuShare_jobId_idx" ON "GpuShare"("jobId");

-- CreateIndex
CREATE UNIQUE INDEX "GpuShare_gpuId_jobId_key" ON "GpuShare"("gpuId", "jobId");

-- CreateIndex
CREATE INDEX "Job_tenantId_status_idx" ON "Job"("tenantId", "status");

-- CreateIndex
CREATE INDEX "Job_status_priority_idx" ON "Job"("status", "priority");

-- CreateIndex
CREATE INDEX "Job_submittedAt_idx" ON "Job"("submittedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Job_tenantId_idempotencyKey_key" ON "Job"("tenantId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "Decision_jobId_createdAt_idx" ON "Decision"("jobId", "createdAt");

-- CreateIndex
CREATE INDEX "Decision_createdAt_idx" ON "Decision"("createdAt");

-- CreateIndex
CREATE INDEX "Decision_clusterId_idx" ON "Decision"("clusterId");

-- CreateIndex
CREATE UNIQUE INDEX "Policy_name_version_key" ON "Policy"("name", "version");

-- CreateIndex
CREATE INDEX "AuditLog_entityType_entityId_idx" ON "AuditLog"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "AuditLog_at_idx" ON "AuditLog"("at");

-- AddForeignKey
ALTER TABLE "TenantQuota" ADD CONSTRAINT "TenantQuota_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CarbonIntensitySample" ADD CONSTRAINT "CarbonIntensitySample_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "GridZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cluster" ADD CONSTRAINT "Cluster_gridZoneId_fkey" FOREIGN KEY ("gridZoneId") REFERENCES "GridZone"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Node" ADD CONSTRAINT "Node_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Node" ADD CONSTRAINT "Node_gpuModelId_fkey" FOREIGN KEY ("gpuModelId") REFERENCES "GpuModel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Gpu" ADD CONSTRAINT "Gpu_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "Node"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GpuShare" ADD CONSTRAINT "GpuShare_gpuId_fkey" FOREIGN KEY ("gpuId") REFERENCES "Gpu"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GpuShare" ADD CONSTRAINT "GpuShare_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_policyId_fkey" FOREIGN KEY ("policyId") REFERENCES "Policy"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Policy" ADD CONSTRAINT "Policy_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Hand-written constraints Prisma's schema language cannot express. They guard the invariants the
-- placement engine relies on even if two control loops race.
ALTER TABLE "User" ADD CONSTRAINT "User_tenant_matches_role"
  CHECK (("role" = 'TENANT_MEMBER') = ("tenantId" IS NOT NULL));
ALTER TABLE "Gpu" ADD CONSTRAINT "Gpu_allocatedMilli_range" CHECK ("allocatedMilli" BETWEEN 0 AND 1000);
ALTER TABLE "GpuShare" ADD CONSTRAINT "GpuShare_milli_range" CHECK ("milli" BETWEEN 1 AND 1000);
ALTER TABLE "Node" ADD CONSTRAINT "Node_allocation_within_capacity"
  CHECK ("allocatedCpuMilli" BETWEEN 0 AND "cpuMilli" AND "allocatedMemoryMib" BETWEEN 0 AND "memoryMib");
ALTER TABLE "Node" ADD CONSTRAINT "Node_gpu_model_when_gpus" CHECK (("gpuCount" = 0) OR ("gpuModelId" IS NOT NULL));
ALTER TABLE "Job" ADD CONSTRAINT "Job_request_shape" CHECK (
  "cpuMilli" >= 0 AND "memoryMib" >= 0 AND "gpuCount" >= 0 AND "gangSize" >= 1 AND "estimatedDurationS" > 0
  AND "gpuMilli" BETWEEN 0 AND 1000
  AND ("gpuCount" <= 1 OR "gpuMilli" = 1000)
  AND (("gpuCount" = 0) = ("gpuMilli" = 0)));
ALTER TABLE "Cluster" ADD CONSTRAINT "Cluster_pue_range" CHECK ("pue" >= 1.0 AND "pue" <= 3.0);
ALTER TABLE "TenantQuota" ADD CONSTRAINT "TenantQuota_nonnegative" CHECK ("maxGpus" >= 0);
-- One measured value per zone and hour, and one forecast value per zone, hour and issue time.
CREATE UNIQUE INDEX "CarbonIntensitySample_measured_unique" ON "CarbonIntensitySample" ("zoneId", "at") WHERE "kind" = 'MEASURED';
CREATE UNIQUE INDEX "CarbonIntensitySample_forecast_unique" ON "CarbonIntensitySample" ("zoneId", "at", "forecastIssuedAt") WHERE "kind" = 'FORECAST';
