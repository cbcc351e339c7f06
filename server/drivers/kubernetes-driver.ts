/**
 * Kubernetes cluster driver on @kubernetes/client-node 1.3, one per cluster, configured from a
 * kubeconfig (text or file) that passed the policy in kubeconfig-policy.ts (inline credentials only).
 * Inventory and node health = GET /api/v1/nodes (kubernetes-inventory.ts, kubernetes-health.ts); a placed job = one batch/v1 Job per node
 * in the tenant's namespace `<namespace prefix><tenant-slug>` (kubernetes-jobs.ts), pinned to its node.
 *
 * Tested against a local stand-in HTTP server that speaks only these API paths
 * (tests/integration/drivers-kubernetes.int.test.ts), not against a real API server: none can run on
 * our machines. Real-cluster behaviour not covered there: admission webhooks, quota rejections,
 * watch-based updates, GPU telemetry (needs the DCGM exporter; reported as unavailable).
 */
import { BatchV1Api, CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { readFileSync } from "node:fs";
import { KubeconfigPolicyError, parseKubeconfig } from "./kubeconfig-policy";
import { createKubernetesApiCalls } from "./kubernetes-api";
import { inventoryNodeFromKubernetes } from "./kubernetes-inventory";
import { DEFAULT_NAMESPACE_PREFIX, type ManifestOptions, type NodePinning } from "./kubernetes-job-manifest";
import { nodeHealthFromKubernetes } from "./kubernetes-health";
import { discardKubernetesJob, listKubernetesJobs } from "./kubernetes-job-listing";
import { readKubernetesJobEvents } from "./kubernetes-events";
import { cancelKubernetesJob, locateJob, pollKubernetesJob, startKubernetesJob, type KubernetesJobContext } from "./kubernetes-jobs";
import { DriverError, type Clock, type ClusterDriver, type TelemetryReport } from "./types";

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
  /** Start of every tenant namespace (the cluster connection's namespacePrefix); default "verdant-". */
  namespacePrefix?: string;
  /** Image for jobs that name none. */
  defaultImage?: string;
  /** Extended resource for GPU-sharing jobs (e.g. "nvidia.com/gpu.shared"); default: a whole GPU. */
  sharedGpuResource?: string | null;
  /** Per-call limit (default 15 s): client-node 1.3 takes no AbortSignal, so a hung API server would block the loop. */
  requestTimeoutMs?: number;
};

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

/** The manifest settings from the driver's options, with their defaults. */
function manifestOptionsOf(options: KubernetesDriverOptions): ManifestOptions {
  return {
    pinning: options.pinning ?? "nodeSelector",
    namespacePrefix: options.namespacePrefix ?? DEFAULT_NAMESPACE_PREFIX,
    defaultImage: options.defaultImage ?? "busybox:1.36",
    sharedGpuResource: options.sharedGpuResource ?? null,
  };
}

/** Creates a driver for one Kubernetes cluster. */
export function createKubernetesDriver(options: KubernetesDriverOptions): ClusterDriver {
  const kc = loadKubeConfig(options);
  const api = createKubernetesApiCalls(options.cluster, options.requestTimeoutMs ?? 15_000);
  const ctx: KubernetesJobContext = {
    cluster: options.cluster,
    core: kc.makeApiClient(CoreV1Api),
    batch: kc.makeApiClient(BatchV1Api),
    api,
    clock: options.clock,
    manifest: manifestOptionsOf(options),
    started: new Map(),
    namespaces: new Set(),
  };
  return {
    kind: "kubernetes",
    async listInventory() {
      const list = await api.call("list nodes", () => api.timed("list nodes", ctx.core.listNode()));
      return list.items.map(inventoryNodeFromKubernetes);
    },
    async readNodeHealth() {
      const list = await api.call("list nodes", () => api.timed("list nodes", ctx.core.listNode()));
      return list.items.map(nodeHealthFromKubernetes);
    },
    listJobs: () => listKubernetesJobs(ctx),
    discardJob: (jobId) => discardKubernetesJob(ctx, () => locateJob(ctx, jobId), jobId),
    startJob: (request) => startKubernetesJob(ctx, request),
    pollJob: (jobId) => pollKubernetesJob(ctx, jobId),
    readJobEvents: (jobId) => readKubernetesJobEvents(ctx, jobId),
    async readTelemetry(atMs): Promise<TelemetryReport> {
      return { atMs, gpus: [], unavailableReason: `cluster ${options.cluster}: GPU telemetry needs the DCGM exporter, which this driver does not read yet` };
    },
    cancelJob: (jobId) => cancelKubernetesJob(ctx, jobId),
  };
}
