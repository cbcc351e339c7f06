/**
 * Kubernetes cluster driver on @kubernetes/client-node 1.3, one per cluster, configured from a
 * kubeconfig (text or file) that passed the policy in kubeconfig-policy.ts (inline credentials only).
 * Inventory = GET /api/v1/nodes; a placed job = one batch/v1 Job per node in the tenant's namespace
 * `verdant-<tenant-slug>` (created on first use), pinned to its node; status = the Jobs'
 * active/succeeded/failed counts; cancel = DELETE with propagationPolicy Background so the pods go too.
 *
 * Tested against a local stand-in HTTP server that speaks only these API paths
 * (tests/integration/drivers-kubernetes.int.test.ts), not against a real API server: none can run on
 * our machines. Real-cluster behaviour not covered there: admission webhooks, quota rejections,
 * watch-based updates, GPU telemetry (needs the DCGM exporter; reported as unavailable).
 */
import { ApiException, BatchV1Api, CoreV1Api, KubeConfig, type V1Job } from "@kubernetes/client-node";
import { readFileSync } from "node:fs";
import { KubeconfigPolicyError, parseKubeconfig } from "./kubeconfig-policy";
import { inventoryNodeFromKubernetes } from "./kubernetes-inventory";
import { buildJobManifests, combinePhases, JOB_ID_LABEL, phaseFromJobStatus, tenantNamespace, dnsLabel, type NodePinning } from "./kubernetes-job-manifest";
import { assertValidStartRequest, DriverError, type Clock, type ClusterDriver, type JobProgress, type TelemetryReport } from "./types";

/** Where the kubeconfig comes from: its YAML text (stored per cluster) or a file path. */
export type KubeconfigSource = { kubeconfig: string } | { kubeconfigPath: string };

/** Options of {@link createKubernetesDriver}. */
export type KubernetesDriverOptions = KubeconfigSource & {
  /** Cluster name, for error messages. */
  cluster: string;
  /** kubeconfig context; default = the file's current-context. */
  context?: string;
  clock: Clock;
  /** Default "nodeSelector" (kubernetes.io/hostname), which keeps the scheduler's resource checks. */
  pinning?: NodePinning;
  /** Image for jobs that name none. */
  defaultImage?: string;
  /** Extended resource for GPU-sharing jobs (e.g. "nvidia.com/gpu.shared"); default: a whole GPU. */
  sharedGpuResource?: string | null;
  /** Per-call limit (default 15 s): client-node 1.3 takes no AbortSignal, so a hung API server would block the loop. */
  requestTimeoutMs?: number;
};

interface StartedJob {
  namespace: string;
  names: string[];
  estimatedDurationS: number;
  cancelledAtMs: number | null;
}

/**
 * Loads the kubeconfig through the policy in kubeconfig-policy.ts (no commands, no file reads) and
 * builds the client from the checked data, naming the cluster and the refused fields when unusable.
 */
export function loadKubeConfig(options: KubeconfigSource & { cluster: string; context?: string }): KubeConfig {
  const kc = new KubeConfig();
  try {
    const source = "kubeconfig" in options ? options.kubeconfig : readFileSync(options.kubeconfigPath, "utf8");
    kc.loadFromOptions(parseKubeconfig(source));
  } catch (error) {
    const detail = error instanceof KubeconfigPolicyError ? error.message : `kubeconfig could not be read (${(error as Error).message})`;
    throw new DriverError("CONFIG", `cluster ${options.cluster}: ${detail}`, { field: "kubeconfig" });
  }
  if (options.context) {
    if (!kc.getContextObject(options.context))
      throw new DriverError("CONFIG", `cluster ${options.cluster}: kubeconfig has no context "${options.context}"`, { field: "context" });
    kc.setCurrentContext(options.context);
  }
  if (!kc.getContextObject(kc.getCurrentContext()))
    throw new DriverError("CONFIG", `cluster ${options.cluster}: kubeconfig has no context "${kc.getCurrentContext()}" (current-context)`, {
      field: "kubeconfig",
    });
  if (!kc.getCurrentCluster()) throw new DriverError("CONFIG", `cluster ${options.cluster}: kubeconfig has no current cluster`, { field: "kubeconfig" });
  return kc;
}

/** HTTP status of a client-node error, or null for network errors. */
function statusOf(error: unknown): number | null {
  return error instanceof ApiException ? error.code : null;
}

/** Creates a driver for one Kubernetes cluster. */
export function createKubernetesDriver(options: KubernetesDriverOptions): ClusterDriver {
  const kc = loadKubeConfig(options);
  const core = kc.makeApiClient(CoreV1Api);
  const batch = kc.makeApiClient(BatchV1Api);
  const manifestOptions = {
    pinning: options.pinning ?? "nodeSelector",
    defaultImage: options.defaultImage ?? "busybox:1.36",
    sharedGpuResource: options.sharedGpuResource ?? null,
  };
  const started = new Map<string, StartedJob>();
  const namespaces = new Set<string>();
  const timeoutMs = options.requestTimeoutMs ?? 15_000;

  /** Rejects when the API does not answer in time. The request itself cannot be aborted (see requestTimeoutMs). */
  function timed<T>(what: string, promise: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DriverError("API", `cluster ${options.cluster}: ${what} timed out after ${timeoutMs} ms`, { call: what, timeoutMs })),
        timeoutMs,
      );
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  /** Wraps a client-node failure into a DriverError naming the call and the server's message. */
  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof DriverError) throw error;
      const status = statusOf(error);
      const body = error instanceof ApiException ? (error.body as { message?: string } | string | undefined) : undefined;
      const detail = typeof body === "object" && body?.message ? body.message : status === null ? (error as Error).message : `HTTP ${status}`;
      throw new DriverError("API", `cluster ${options.cluster}: ${what} failed: ${detail}`, { status, call: what });
    }
  }

  async function ensureNamespace(namespace: string): Promise<void> {
    if (namespaces.has(namespace)) return;
    try {
      await timed(
        `create namespace ${namespace}`,
        core.createNamespace({ body: { metadata: { name: namespace, labels: { "app.kubernetes.io/managed-by": "verdant" } } } }),
      );
    } catch (error) {
      // 409: it exists already (another control loop or an earlier run made it).
      if (statusOf(error) !== 409) return call(`create namespace ${namespace}`, () => Promise.reject(error));
    }
    namespaces.add(namespace);
  }

  /** The Jobs of a Verdant job: remembered from startJob, else found by label (after a restart). */
  async function locate(jobId: string): Promise<StartedJob> {
    const known = started.get(jobId);
    if (known) return known;
    const list = await call(`list jobs labelled ${JOB_ID_LABEL}=${dnsLabel(jobId)}`, () =>
      timed("list jobs", batch.listJobForAllNamespaces({ labelSelector: `${JOB_ID_LABEL}=${dnsLabel(jobId)}` })),
    );
    const items = list.items.filter((j) => j.metadata?.name && j.metadata.namespace);
    const first = items[0];
    if (!first) throw new DriverError("UNKNOWN_JOB", `cluster ${options.cluster}: no Kubernetes Job is labelled ${JOB_ID_LABEL}=${jobId}`, { jobId });
    const job: StartedJob = {
      namespace: first.metadata?.namespace as string,
      names: items.map((j) => j.metadata?.name as string).sort(),
      estimatedDurationS: 0,
      cancelledAtMs: null,
    };
    started.set(jobId, job);
    return job;
  }

  return {
    kind: "kubernetes",

    async listInventory() {
      const list = await call("list nodes", () => timed("list nodes", core.listNode()));
      return list.items.map(inventoryNodeFromKubernetes);
    },

    async startJob(request) {
      assertValidStartRequest(request);
      if (started.has(request.jobId))
        throw new DriverError("DUPLICATE_JOB", `job ${request.jobId} was already started on ${options.cluster}`, { jobId: request.jobId });
      const namespace = tenantNamespace(request.tenantSlug);
      await ensureNamespace(namespace);
      const manifests = buildJobManifests(request, manifestOptions);
      const created: string[] = [];
      try {
        for (const body of manifests) {
          const name = body.metadata?.name as string;
          try {
            await timed(`create Job ${namespace}/${name}`, batch.createNamespacedJob({ namespace, body }));
          } catch (error) {
            if (statusOf(error) === 409)
              throw new DriverError("DUPLICATE_JOB", `cluster ${options.cluster}: Job ${namespace}/${name} exists already`, { jobId: request.jobId, name });
            throw error;
          }
          created.push(name);
        }
      } catch (error) {
        // A gang is all or nothing: remove the members already created, best effort.
        await Promise.allSettled(
          created.map((name) => timed(`delete Job ${namespace}/${name}`, batch.deleteNamespacedJob({ name, namespace, propagationPolicy: "Background" }))),
        );
        return call(`create Job for ${request.jobId} in ${namespace}`, () => Promise.reject(error));
      }
      started.set(request.jobId, { namespace, names: created, estimatedDurationS: request.estimatedDurationS, cancelledAtMs: null });
    },

    async pollJob(jobId): Promise<JobProgress> {
      const job = await locate(jobId);
      if (job.cancelledAtMs !== null)
        return { jobId, phase: "cancelled", fraction: null, startedAtMs: null, finishedAtMs: job.cancelledAtMs, message: "cancelled" };
      const jobs: V1Job[] = [];
      for (const name of job.names) {
        try {
          jobs.push(await timed(`read Job ${job.namespace}/${name}`, batch.readNamespacedJob({ name, namespace: job.namespace })));
        } catch (error) {
          if (statusOf(error) === 404)
            return {
              jobId,
              phase: "failed",
              fraction: null,
              startedAtMs: null,
              finishedAtMs: null,
              message: `Job ${job.namespace}/${name} disappeared (deleted outside Verdant)`,
            };
          return call(`read Job ${job.namespace}/${name}`, () => Promise.reject(error));
        }
      }
      const states = jobs.map((j) => phaseFromJobStatus(j.status));
      const phase = combinePhases(states.map((s) => s.phase));
      const starts = jobs.map((j) => j.status?.startTime?.getTime()).filter((t): t is number => t !== undefined);
      const ends = jobs.map((j) => j.status?.completionTime?.getTime()).filter((t): t is number => t !== undefined);
      const startedAtMs = starts.length > 0 ? Math.min(...starts) : null;
      const finished = phase === "succeeded" || phase === "failed";
      let fraction: number | null = null;
      if (phase === "succeeded") fraction = 1;
      // Kubernetes knows nothing about progress: estimate it from the clock, never reaching 1 early.
      else if (phase === "running" && startedAtMs !== null && job.estimatedDurationS > 0)
        fraction = Math.min(0.99, Math.max(0, (options.clock() - startedAtMs) / (job.estimatedDurationS * 1000)));
      return {
        jobId,
        phase,
        fraction,
        startedAtMs,
        finishedAtMs: finished && ends.length === jobs.length ? Math.max(...ends) : finished ? options.clock() : null,
        message: states.map((s) => s.message).find((m) => m !== null) ?? null,
      };
    },

    async readTelemetry(atMs): Promise<TelemetryReport> {
      return { atMs, gpus: [], unavailableReason: `cluster ${options.cluster}: GPU telemetry needs the DCGM exporter, which this driver does not read yet` };
    },

    async cancelJob(jobId) {
      const job = await locate(jobId);
      if (job.cancelledAtMs !== null) return;
      // A finished job keeps its outcome; Kubernetes removes it later (ttlSecondsAfterFinished).
      const { phase } = await this.pollJob(jobId);
      if (phase === "succeeded" || phase === "failed") return;
      for (const name of job.names) {
        try {
          await timed(`delete Job ${job.namespace}/${name}`, batch.deleteNamespacedJob({ name, namespace: job.namespace, propagationPolicy: "Background" }));
        } catch (error) {
          if (statusOf(error) !== 404) return call(`delete Job ${job.namespace}/${name}`, () => Promise.reject(error));
        }
      }
      job.cancelledAtMs = options.clock();
    },
  };
}
