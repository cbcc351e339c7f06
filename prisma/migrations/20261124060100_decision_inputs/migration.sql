-- AlterTable
ALTER TABLE "Decision" ADD COLUMN     "inputHash" TEXT;

-- CreateTable
CREATE TABLE "DecisionInput" (
    "hash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "body" BYTEA NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "refs" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DecisionInput_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "Decision_inputHash_idx" ON "Decision"("inputHash");

-- AddForeignKey
ALTER TABLE "Decision" ADD CONSTRAINT "Decision_inputHash_fkey" FOREIGN KEY ("inputHash") REFERENCES "DecisionInput"("hash") ON DELETE RESTRICT ON UPDATE CASCADE;
