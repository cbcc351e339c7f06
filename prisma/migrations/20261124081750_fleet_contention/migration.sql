-- AlterEnum
ALTER TYPE "NodeStatus" ADD VALUE 'GPU_ERROR';

-- AlterTable
ALTER TABLE "TenantQuota" ADD COLUMN     "fairShareWeight" DOUBLE PRECISION NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Node" ADD COLUMN     "healthChangedAt" TIMESTAMP(3),
ADD COLUMN     "healthReason" TEXT,
ADD COLUMN     "podGroup" TEXT,
ADD COLUMN     "switchGroup" TEXT;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "borrowedGpus" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "checkpointIntervalS" INTEGER,
ADD COLUMN     "checkpointedWorkS" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "lastCheckpointAt" TIMESTAMP(3),
ADD COLUMN     "maxMembers" INTEGER,
ADD COLUMN     "maxRunRetries" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN     "minMembers" INTEGER,
ADD COLUMN     "notBeforeAt" TIMESTAMP(3),
ADD COLUMN     "preemptions" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "priorityClassId" TEXT,
ADD COLUMN     "runRetries" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Decision" ADD COLUMN     "backfilled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "SystemSetting" ADD COLUMN     "demoArrivalsPerHour" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "TenantGpuQuota" (
    "tenantId" TEXT NOT NULL,
    "gpuModelId" TEXT NOT NULL,
    "nominalGpus" INTEGER NOT NULL,
    "borrowingLimitGpus" INTEGER,
    "lendingLimitGpus" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TenantGpuQuota_pkey" PRIMARY KEY ("tenantId","gpuModelId")
);

-- CreateTable
CREATE TABLE "PriorityClass" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "priority" INTEGER NOT NULL,
    "canPreempt" BOOLEAN NOT NULL DEFAULT false,
    "preemptible" BOOLEAN NOT NULL DEFAULT true,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PriorityClass_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobReservation" (
    "jobId" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "assignments" JSONB NOT NULL,
    "startAt" TIMESTAMP(3) NOT NULL,
    "endAt" TIMESTAMP(3) NOT NULL,
    "mode" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobReservation_pkey" PRIMARY KEY ("jobId")
);

-- CreateTable
CREATE TABLE "Preemption" (
    "id" TEXT NOT NULL,
    "decisionId" TEXT NOT NULL,
    "preemptorJobId" TEXT NOT NULL,
    "victimJobId" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "lostGpuHours" DOUBLE PRECISION NOT NULL,
    "resumeFromWorkS" DOUBLE PRECISION NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Preemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReconcileDrift" (
    "id" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "jobId" TEXT,
    "kind" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "detectedAt" TIMESTAMP(3) NOT NULL,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "ReconcileDrift_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TenantGpuQuota_gpuModelId_idx" ON "TenantGpuQuota"("gpuModelId");

-- CreateIndex
CREATE UNIQUE INDEX "PriorityClass_name_key" ON "PriorityClass"("name");

-- CreateIndex
CREATE INDEX "JobReservation_clusterId_idx" ON "JobReservation"("clusterId");

-- CreateIndex
CREATE INDEX "Preemption_decisionId_idx" ON "Preemption"("decisionId");

-- CreateIndex
CREATE INDEX "Preemption_victimJobId_idx" ON "Preemption"("victimJobId");

-- CreateIndex
CREATE INDEX "Preemption_createdAt_idx" ON "Preemption"("createdAt");

-- CreateIndex
CREATE INDEX "ReconcileDrift_clusterId_detectedAt_idx" ON "ReconcileDrift"("clusterId", "detectedAt");

-- CreateIndex
CREATE INDEX "ReconcileDrift_detectedAt_idx" ON "ReconcileDrift"("detectedAt");

-- AddForeignKey
ALTER TABLE "TenantGpuQuota" ADD CONSTRAINT "TenantGpuQuota_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TenantGpuQuota" ADD CONSTRAINT "TenantGpuQuota_gpuModelId_fkey" FOREIGN KEY ("gpuModelId") REFERENCES "GpuModel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_priorityClassId_fkey" FOREIGN KEY ("priorityClassId") REFERENCES "PriorityClass"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobReservation" ADD CONSTRAINT "JobReservation_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobReservation" ADD CONSTRAINT "JobReservation_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Preemption" ADD CONSTRAINT "Preemption_decisionId_fkey" FOREIGN KEY ("decisionId") REFERENCES "Decision"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Preemption" ADD CONSTRAINT "Preemption_preemptorJobId_fkey" FOREIGN KEY ("preemptorJobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Preemption" ADD CONSTRAINT "Preemption_victimJobId_fkey" FOREIGN KEY ("victimJobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReconcileDrift" ADD CONSTRAINT "ReconcileDrift_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- At most one default priority class.
CREATE UNIQUE INDEX "PriorityClass_single_default" ON "PriorityClass"("isDefault") WHERE "isDefault";

-- Every database starts with the three standard classes, and admins may edit or add to them.
INSERT INTO "PriorityClass" ("id", "name", "priority", "canPreempt", "preemptible", "isDefault", "description", "updatedAt") VALUES
  ('pc-production', 'production', 1000, true, false, false, 'Serving and deadline-bound work: may preempt standard and best-effort jobs, never preempted.', CURRENT_TIMESTAMP),
  ('pc-standard', 'standard', 500, true, true, true, 'The default: may preempt best-effort jobs, and production jobs may preempt it.', CURRENT_TIMESTAMP),
  ('pc-best-effort', 'best-effort', 100, false, true, false, 'Runs on spare capacity: the first to be preempted.', CURRENT_TIMESTAMP);
