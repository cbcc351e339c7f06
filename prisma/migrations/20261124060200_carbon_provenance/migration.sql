-- AlterTable
ALTER TABLE "JobEnergyHour" ADD COLUMN     "energyMethod" TEXT NOT NULL DEFAULT 'gpu-linear@1',
ADD COLUMN     "intensityIssuedAt" TIMESTAMP(3),
ADD COLUMN     "intensityModel" TEXT,
ADD COLUMN     "intensitySynthetic" BOOLEAN NOT NULL DEFAULT false;

-- Stored hours whose intensity was a stored forecast came from the feeds' provider forecasts.
UPDATE "JobEnergyHour" SET "intensitySource" = 'provider-forecast' WHERE "intensitySource" = 'forecast';
