/**
 * The contract between the control loop and one cluster: read its inventory, start a placed job,
 * poll the job and the GPUs, cancel. Two implementations: the in-memory simulated driver (the demo
 * default) and the Kubernetes driver. Time always comes from an injected {@link Clock}, so a driver's
 * logic never reads the wall clock and tests are deterministic.
 */

/** Milliseconds since the epoch, from an injected source (a fake clock in tests, a sim clock in the demo). */
export type Clock = () => number;

/** One node as the cluster reports it. */
export interface InventoryNode {
  name: string;
  cpuMilli: number;
  memoryMib: number;
  /** GPU model code (e.g. "A100-SXM4-80GB", "T4"); null when the node has no GPU. */
  gpuModel: string | null;
  gpuCount: number;
  labels: Record<string, string>;
  /** Rack or switch group, used by topology-aware placement. */
  rack: string;
  /** Leaf switch group (a group of racks) and pod (a group of switch groups); absent or null = unknown. */
  switchGroup?: string | null;
  podGroup?: string | null;
  /** False when the node is not ready or cordoned: it must not receive new work. */
  schedulable: boolean;
}

/** The GPUs a placement chose on one node. */
export interface NodeAssignment {
  node: string;
  /** Indices of the GPUs on the node (0-based); empty for CPU-only work. */
  gpuIndices: number[];
  /** Share taken on each listed GPU, 1..1000 milli-GPU (1000 = the whole GPU). */
  milliPerGpu: number;
  cpuMilli: number;
  memoryMib: number;
}

/** A placed job to start: one entry per node of the gang. */
export interface StartJobRequest {
  jobId: string;
  tenantSlug: string;
  /** Container image and command (Kubernetes); the simulator ignores them. */
  image?: string;
  command?: string[];
  /** The work this run must do (the estimate less any checkpointed work); the simulator runs for exactly this long, Kubernetes only uses it for progress. */
  estimatedDurationS: number;
  assignments: NodeAssignment[];
  /** Work (s) saved by checkpoints of earlier runs that this run resumes from; absent or 0 = a fresh start. */
  resumeFromWorkS?: number;
  /** How often the job saves a checkpoint (s of work); absent or null = never. */
  checkpointIntervalS?: number | null;
}

/** Where a job is in its life. */
export type DriverJobPhase = "pending" | "running" | "succeeded" | "failed" | "cancelled";

/** A job's status as the driver sees it. */
export interface JobProgress {
  jobId: string;
  phase: DriverJobPhase;
  /** 0..1 of the estimated duration elapsed; null when unknown. */
  fraction: number | null;
  startedAtMs: number | null;
  finishedAtMs: number | null;
  /** Human-readable detail (the failure reason, the Kubernetes condition). */
  message: string | null;
  /**
   * The run's latest checkpoint, when the driver sees it: total work saved (s, earlier runs included)
   * and when (driver clock); absent = the driver cannot tell (the runner then assumes checkpoints on schedule).
   */
  checkpoint?: { workS: number; atMs: number } | null;
}

/** One GPU's utilization and power at an instant. */
export interface GpuTelemetry {
  node: string;
  gpuIndex: number;
  gpuModel: string;
  atMs: number;
  /** 0..1. */
  utilization: number;
  powerWatts: number;
  /** Jobs holding a share of this GPU at that instant. */
  jobIds: string[];
}

/** Telemetry of every GPU at an instant, or an empty list with the reason it is not available. */
export interface TelemetryReport {
  atMs: number;
  gpus: GpuTelemetry[];
  /** Set when the driver cannot measure GPUs (e.g. no metrics exporter). */
  unavailableReason: string | null;
}

/** A node's health as the cluster reports it (the Node.status values). */
export type NodeHealthStatus = "READY" | "NOT_READY" | "CORDONED" | "GPU_ERROR";

/** One node's health: ready, lost (not ready), cordoned by an operator, or with GPUs gone from its allocatable. */
export interface NodeHealth {
  node: string;
  status: NodeHealthStatus;
  /** Why it is not READY (the condition's message, the GPUs missing); null when READY. */
  reason: string | null;
}

/** A Verdant job the cluster knows, with its phase (what reconciliation compares with the database). */
export interface ClusterJobListing {
  jobId: string;
  phase: DriverJobPhase;
}

/** Kinds of cluster event about a job's pods, in the words the job page shows. */
export type DriverEventKind =
  "scheduled" | "pulling" | "pulled" | "created" | "started" | "completed" | "failed" | "oom-killed" | "evicted" | "killed" | "other";

/** One event the cluster reports about a job or its pods (Kubernetes' events API; the simulator's own). */
export interface DriverJobEvent {
  /** Identity of this occurrence (event uid and count): the same event read again has the same key. */
  key: string;
  /** When it happened, on the driver's clock. */
  atMs: number;
  kind: DriverEventKind;
  /** The object it is about, e.g. "pod train-0-x7k2p" or "job train". */
  object: string;
  /** The cluster's reason and message, e.g. "OOMKilled: container trainer used more than its 64Gi". */
  message: string;
  /** A warning (failed, evicted, OOMKilled) rather than normal progress. */
  warning: boolean;
}

/** A cluster the control loop can drive. */
export interface ClusterDriver {
  readonly kind: "simulated" | "kubernetes";
  listInventory(): Promise<InventoryNode[]>;
  /** Every node's health, read fresh from the cluster. */
  readNodeHealth(): Promise<NodeHealth[]>;
  /** Every Verdant job the cluster has (running or finished but not yet removed). */
  listJobs(): Promise<ClusterJobListing[]>;
  startJob(request: StartJobRequest): Promise<void>;
  pollJob(jobId: string): Promise<JobProgress>;
  /** Telemetry at `atMs` (the caller's timestamp, usually the loop's clock). */
  readTelemetry(atMs: number): Promise<TelemetryReport>;
  /** Stops the job and frees its GPUs; cancelling a finished or cancelled job is a no-op. */
  cancelJob(jobId: string): Promise<void>;
  /**
   * Stops the job if it runs and removes what the cluster keeps of it, so the same id can start
   * again (a retried or requeued run); an unknown job is a no-op.
   */
  discardJob(jobId: string): Promise<void>;
  /**
   * Changes a running elastic job's members to `assignments` (all of them, old and new), keeping the
   * work done. Optional: a driver without it cannot grow jobs, and elastic jobs there keep their size.
   */
  resizeJob?(jobId: string, assignments: NodeAssignment[]): Promise<void>;
  /**
   * The events the cluster reports about the job's run (pods scheduled, images pulled, containers
   * started, OOMKilled, evicted), oldest first. Optional: a driver without it reports none.
   */
  readJobEvents?(jobId: string): Promise<DriverJobEvent[]>;
}

/** Why a driver call failed. */
export type DriverErrorCode = "INVALID_REQUEST" | "UNKNOWN_NODE" | "UNKNOWN_JOB" | "DUPLICATE_JOB" | "CAPACITY" | "CONFIG" | "API";

/** A driver failure naming the job, node or field involved. */
export class DriverError extends Error {
  constructor(
    readonly code: DriverErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DriverError";
  }
}

/** Checks the request's shape (not capacity): ids, duration, shares, GPU indices unique per node. */
export function assertValidStartRequest(request: StartJobRequest): void {
  const fail = (field: string, message: string) => {
    throw new DriverError("INVALID_REQUEST", `job ${request.jobId || "(no id)"}: ${field} ${message}`, { field });
  };
  if (!request.jobId) fail("jobId", "is empty");
  if (!request.tenantSlug) fail("tenantSlug", "is empty");
  if (!(request.estimatedDurationS > 0)) fail("estimatedDurationS", `must be positive, got ${request.estimatedDurationS}`);
  if (request.assignments.length === 0) fail("assignments", "is empty; a job runs on at least one node");
  // Several members of a gang may share a node (one pod each), but never a GPU.
  const gpusTaken = new Map<string, Set<number>>();
  request.assignments.forEach((a, i) => {
    const taken = gpusTaken.get(a.node) ?? new Set<number>();
    if (gpusTaken.has(a.node) && (a.gpuIndices.length === 0 || a.gpuIndices.some((g) => taken.has(g))))
      fail(`assignments[${i}].node`, `"${a.node}" appears twice with the same GPUs (members on one node need GPUs of their own)`);
    for (const g of a.gpuIndices) taken.add(g);
    gpusTaken.set(a.node, taken);
    if (new Set(a.gpuIndices).size !== a.gpuIndices.length) fail(`assignments[${i}].gpuIndices`, "has duplicates");
    if (a.gpuIndices.some((g) => !Number.isInteger(g) || g < 0)) fail(`assignments[${i}].gpuIndices`, "must be non-negative integers");
    if (a.gpuIndices.length > 0 && !(Number.isInteger(a.milliPerGpu) && a.milliPerGpu >= 1 && a.milliPerGpu <= 1000)) {
      fail(`assignments[${i}].milliPerGpu`, `must be 1..1000, got ${a.milliPerGpu}`);
    }
    if (a.gpuIndices.length > 1 && a.milliPerGpu !== 1000)
      fail(`assignments[${i}].milliPerGpu`, "must be 1000 when more than one GPU is taken (only single-GPU jobs share)");
    if (a.cpuMilli < 0 || a.memoryMib < 0) fail(`assignments[${i}]`, "has negative CPU or memory");
  });
}
