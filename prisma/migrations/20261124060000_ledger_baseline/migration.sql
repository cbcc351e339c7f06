-- AlterTable
ALTER TABLE "CarbonSavingsEntry" ADD COLUMN     "baselineCandidates" INTEGER,
ADD COLUMN     "baselineIntensitySource" TEXT,
ADD COLUMN     "baselineMaxGCo2e" DOUBLE PRECISION,
ADD COLUMN     "baselineMinGCo2e" DOUBLE PRECISION;
