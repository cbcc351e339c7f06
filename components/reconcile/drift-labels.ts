// Plain-language labels of the reconciliation's drift kinds and actions and of node health statuses.

/** What each drift kind means. */
export const DRIFT_KIND_LABELS: Record<string, string> = {
  "missing-on-cluster": "Missing on cluster",
  "unknown-on-cluster": "Unknown to Verdant",
  "phase-mismatch": "Phase differs",
  "node-lost": "Node lost",
};

/** What was done about a drift. */
export const DRIFT_ACTION_LABELS: Record<string, string> = {
  requeued: "Queued again",
  cancelled: "Removed from cluster",
  "marked-failed": "Marked failed",
  "marked-finished": "Marked finished",
  reported: "Reported (not repaired yet)",
};

/** Node health statuses. */
export const NODE_STATUS_LABELS: Record<string, string> = {
  READY: "Ready",
  NOT_READY: "Not ready (lost)",
  CORDONED: "Cordoned",
  GPU_ERROR: "GPU error",
};

/** The label, or the raw value when a newer kind is not labelled yet. */
export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
