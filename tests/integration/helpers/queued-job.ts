/**
 * The fields of a job row that make it a fresh queued job, as a test copies a seeded job into a
 * scenario of its own: no run, no placement, no failures, checkpoints or preemptions behind it.
 */
export const QUEUED_FROM_SCRATCH = {
  status: "QUEUED",
  statusReason: null,
  earliestStartAt: null,
  deadlineAt: null,
  placedAt: null,
  startedAt: null,
  finishedAt: null,
  cancelledAt: null,
  energyKwh: null,
  emissionsGCo2e: null,
  startFailures: 0,
  runRetries: 0,
  notBeforeAt: null,
  checkpointedWorkS: 0,
  lastCheckpointAt: null,
  preemptions: 0,
  borrowedGpus: 0,
} as const;
