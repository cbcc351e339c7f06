-- What the runner and the cluster drivers report about each job's runs (started, start failed, stopped
-- for a preemption, resized, run failed and retried, finished), in order, for the job page's timeline.
CREATE TABLE "JobEvent" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "clusterId" TEXT,
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobEvent_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "JobEvent_jobId_at_idx" ON "JobEvent"("jobId", "at");

ALTER TABLE "JobEvent" ADD CONSTRAINT "JobEvent_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
