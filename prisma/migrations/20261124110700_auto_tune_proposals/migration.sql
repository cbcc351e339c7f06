-- Policy versions proposed by auto-tune experiments, applied or discarded by an admin.
CREATE TYPE "PolicyProposalStatus" AS ENUM ('PROPOSED', 'APPLIED', 'DISCARDED');

CREATE TABLE "PolicyProposal" (
    "id" TEXT NOT NULL,
    "experimentId" TEXT NOT NULL,
    "policyName" TEXT NOT NULL,
    "baseVersion" INTEGER NOT NULL,
    "objectiveWeights" JSONB NOT NULL,
    "constraints" JSONB NOT NULL,
    "figures" JSONB NOT NULL,
    "status" "PolicyProposalStatus" NOT NULL DEFAULT 'PROPOSED',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "appliedPolicyId" TEXT,

    CONSTRAINT "PolicyProposal_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PolicyProposal_experimentId_key" ON "PolicyProposal"("experimentId");
CREATE INDEX "PolicyProposal_status_createdAt_idx" ON "PolicyProposal"("status", "createdAt");

ALTER TABLE "PolicyProposal" ADD CONSTRAINT "PolicyProposal_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "Experiment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PolicyProposal" ADD CONSTRAINT "PolicyProposal_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
