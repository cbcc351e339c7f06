-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "startFailures" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Decision" ADD COLUMN     "fingerprint" TEXT,
ADD COLUMN     "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "seenCount" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "ClusterConnection" ADD COLUMN     "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unreachableReason" TEXT,
ADD COLUMN     "unreachableSince" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ServiceHeartbeat" (
    "name" TEXT NOT NULL,
    "pid" INTEGER,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastCycleAt" TIMESTAMP(3),
    "restarts" INTEGER NOT NULL DEFAULT 0,
    "lastExitAt" TIMESTAMP(3),
    "lastExitCode" INTEGER,

    CONSTRAINT "ServiceHeartbeat_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "SystemSetting" (
    "id" TEXT NOT NULL DEFAULT 'global',
    "decisionRetentionDays" INTEGER NOT NULL DEFAULT 30,
    "allowPrivateFeedUrls" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SystemSetting_pkey" PRIMARY KEY ("id")
);

