-- A preempted run is stopped on its cluster by the runner, which marks the Preemption row when done.
ALTER TABLE "Preemption" ADD COLUMN "stoppedAt" TIMESTAMP(3);
