-- A split gang draws power on each of its clusters: its energy hours are keyed by cluster too, so each
-- part keeps its own row (cluster, PUE, intensity) instead of merging under the first part's cluster.
-- Existing rows keep their values: a row is already one (job, hour) on one cluster.
ALTER TABLE "JobEnergyHour" DROP CONSTRAINT "JobEnergyHour_pkey";
ALTER TABLE "JobEnergyHour" ADD CONSTRAINT "JobEnergyHour_pkey" PRIMARY KEY ("jobId", "clusterId", "hourStart");

-- The ledger audit replays each job for the work it did: a simulated cluster runs faster than the wall
-- clock, so its entries record the speed-up. Rows written before it read 1 (unknown, see the audit's limits).
ALTER TABLE "CarbonSavingsEntry" ADD COLUMN "workSpeed" DOUBLE PRECISION NOT NULL DEFAULT 1;
ALTER TABLE "CarbonSavingsEntry" ADD CONSTRAINT "CarbonSavingsEntry_workSpeed_positive" CHECK ("workSpeed" > 0);
