-- Cluster events a driver reports (pod scheduled, image pulled, OOMKilled, evicted) are stored once per
-- event: the driver's key is unique per job (NULLs, the runner's own events, never collide).
ALTER TABLE "JobEvent" ADD COLUMN "externalKey" TEXT;
CREATE UNIQUE INDEX "JobEvent_jobId_externalKey_key" ON "JobEvent"("jobId", "externalKey");
