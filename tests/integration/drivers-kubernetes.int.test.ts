// The Kubernetes driver against a local stand-in for the API server (helpers/kubernetes-stand-in.ts):
// a small HTTP server on 127.0.0.1 (random port) that serves only the paths the driver uses and
// records every request. It is not a real API server (none can run on our machines); it checks the
// requests the driver sends and how it parses the answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../server/drivers/clock";
import { createKubernetesDriver } from "../../server/drivers/kubernetes-driver";
import type { StartJobRequest } from "../../server/drivers/types";
import { listenStandIn } from "./helpers/kubernetes-stand-in";

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);

describe("Kubernetes driver (against a local stand-in API server)", () => {
  let standIn: Awaited<ReturnType<typeof listenStandIn>>;
  let kubeconfig: string;
  beforeAll(async () => {
    standIn = await listenStandIn();
    kubeconfig = standIn.kubeconfig;
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  const driver = (clock = createManualClock(T0)) => createKubernetesDriver({ cluster: "k8s-test", kubeconfig, clock: clock.now });
  const request: StartJobRequest = {
    jobId: "cmjob0001",
    tenantSlug: "aurora-labs",
    image: "nvcr.io/nvidia/pytorch:24.05-py3",
    command: ["python", "train.py"],
    estimatedDurationS: 3600,
    assignments: [
      { node: "gpu-a", gpuIndices: [0, 1, 2, 3], milliPerGpu: 1000, cpuMilli: 32_000, memoryMib: 131_072 },
      { node: "gpu-b", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 16_384 },
    ],
  };

  it("imports nodes: GPU count from capacity, model from labels, CPU with the m suffix, memory from Ki/Mi/Gi", async () => {
    const nodes = await driver().listInventory();
    expect(nodes).toEqual([
      expect.objectContaining({
        name: "gpu-a",
        cpuMilli: 192_000,
        memoryMib: 2_063_596,
        gpuModel: "H100-80GB-HBM3",
        gpuCount: 8,
        rack: "rack-7",
        schedulable: true,
      }),
      expect.objectContaining({ name: "gpu-b", cpuMilli: 63_500, memoryMib: 262_144, gpuModel: "L40S", gpuCount: 4, schedulable: false }),
      expect.objectContaining({ name: "cpu-c", cpuMilli: 16_000, memoryMib: 65_536, gpuModel: null, gpuCount: 0, schedulable: false }),
    ]);
    expect(standIn.requests).toEqual([expect.objectContaining({ method: "GET", path: "/api/v1/nodes", authorization: "Bearer test-token" })]);
  });

  it("creates the tenant namespace and one pinned Job for a single member, reads status, and cancels with Background propagation", async () => {
    const clock = createManualClock(T0);
    const d = driver(clock);
    await d.startJob({ ...request, assignments: [request.assignments[0] as StartJobRequest["assignments"][0]] });
    const posts = standIn.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path)).toEqual(["/api/v1/namespaces", "/apis/batch/v1/namespaces/verdant-aurora-labs/jobs"]);
    const job = posts[1]?.body as {
      metadata: { name: string; labels: Record<string, string> };
      spec: {
        template: {
          spec: { nodeSelector: Record<string, string>; containers: { image: string; command: string[]; resources: { limits: Record<string, string> } }[] };
        };
      };
    };
    expect(job.metadata).toMatchObject({ name: "vj-cmjob0001-0", labels: { "verdant.io/job-id": "cmjob0001" } });
    expect(job.spec.template.spec.nodeSelector).toEqual({ "kubernetes.io/hostname": "gpu-a" });
    expect(job.spec.template.spec.containers[0]).toMatchObject({
      image: "nvcr.io/nvidia/pytorch:24.05-py3",
      command: ["python", "train.py"],
      resources: { limits: { "nvidia.com/gpu": "4", cpu: "32000m" } },
    });

    expect(await d.pollJob("cmjob0001")).toMatchObject({ phase: "pending", fraction: null });
    const started = new Date(T0).toISOString();
    (standIn.jobs.get("verdant-aurora-labs/vj-cmjob0001-0") as { status: unknown }).status = { active: 1, startTime: started };
    clock.advance(900_000);
    expect(await d.pollJob("cmjob0001")).toMatchObject({ phase: "running", fraction: 0.25, startedAtMs: T0 });

    standIn.requests.length = 0;
    await d.cancelJob("cmjob0001");
    const deletes = standIn.requests.filter((r) => r.method === "DELETE");
    expect(deletes.map((r) => [r.path, r.query.propagationPolicy])).toEqual([
      ["/apis/batch/v1/namespaces/verdant-aurora-labs/jobs/vj-cmjob0001-0", "Background"],
    ]);
    expect(await d.pollJob("cmjob0001")).toMatchObject({ phase: "cancelled", finishedAtMs: T0 + 900_000 });
    await d.cancelJob("cmjob0001");
  });

  it("starts a gang as one Indexed Job, but not while one of its nodes is cordoned", async () => {
    // gpu-b is cordoned in the stand-in's node list: the gang is not admitted and leaves nothing behind.
    await expect(driver().startJob({ ...request, jobId: "cmjob0003" })).rejects.toMatchObject({
      code: "CAPACITY",
      message: expect.stringContaining("node gpu-b is cordoned"),
    });
    expect([...standIn.jobs.keys()].some((k) => k.includes("cmjob0003"))).toBe(false);
    const saved = standIn.control.nodes;
    standIn.control.nodes = { items: saved.items.map((n) => ({ ...(n as object), spec: {} })) };
    try {
      standIn.requests.length = 0;
      await driver().startJob({ ...request, jobId: "cmjob0004" });
      const posts = standIn.requests.filter((r) => r.method === "POST" && r.path.endsWith("/jobs"));
      expect(posts).toHaveLength(1);
      expect(posts[0]?.body).toMatchObject({
        metadata: { name: "vj-cmjob0004-gang" },
        spec: { completionMode: "Indexed", completions: 2, parallelism: 2, suspend: true },
      });
      expect(standIn.jobs.get("verdant-aurora-labs/vj-cmjob0004-gang")).toMatchObject({ spec: { suspend: false } });
    } finally {
      standIn.control.nodes = saved;
    }
  });

  it("creates the Job in the namespace the cluster's prefix names", async () => {
    const d = createKubernetesDriver({ cluster: "k8s-test", kubeconfig, clock: () => T0, namespacePrefix: "ml-prod-" });
    await d.startJob({ ...request, jobId: "cmjob0010", assignments: [request.assignments[1] as StartJobRequest["assignments"][0]] });
    const posts = standIn.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path)).toEqual(["/api/v1/namespaces", "/apis/batch/v1/namespaces/ml-prod-aurora-labs/jobs"]);
    expect(posts[0]?.body).toMatchObject({ metadata: { name: "ml-prod-aurora-labs" } });
    expect(standIn.jobs.has("ml-prod-aurora-labs/vj-cmjob0010-0")).toBe(true);
    expect([...standIn.jobs.keys()].some((k) => k.startsWith("verdant-aurora-labs/vj-cmjob0010"))).toBe(false);
  });

  it("finds a job started by an earlier process through its label, and maps success and failure", async () => {
    await driver().startJob({ ...request, jobId: "cmjob0002", assignments: [request.assignments[0] as StartJobRequest["assignments"][0]] });
    const later = driver(createManualClock(T0 + 7200_000));
    const stored = standIn.jobs.get("verdant-aurora-labs/vj-cmjob0002-0") as { status: unknown };
    stored.status = {
      succeeded: 1,
      startTime: new Date(T0).toISOString(),
      completionTime: new Date(T0 + 3000_000).toISOString(),
      conditions: [{ type: "Complete", status: "True" }],
    };
    expect(await later.pollJob("cmjob0002")).toMatchObject({ phase: "succeeded", fraction: 1, finishedAtMs: T0 + 3000_000 });
    expect(standIn.requests.some((r) => r.path === "/apis/batch/v1/jobs" && r.query.labelSelector === "verdant.io/job-id=cmjob0002")).toBe(true);
    // Cancelling a finished job leaves it (and its outcome) alone.
    await later.cancelJob("cmjob0002");
    expect(standIn.jobs.has("verdant-aurora-labs/vj-cmjob0002-0")).toBe(true);
    stored.status = {
      failed: 1,
      conditions: [{ type: "Failed", status: "True", reason: "BackoffLimitExceeded", message: "Job has reached the specified backoff limit" }],
    };
    expect(await later.pollJob("cmjob0002")).toMatchObject({ phase: "failed", message: "BackoffLimitExceeded: Job has reached the specified backoff limit" });
  });

  it("reports a conflicting Job name, unknown jobs and a bad kubeconfig clearly", async () => {
    await expect(
      driver().startJob({ ...request, jobId: "cmjob0002", assignments: [request.assignments[0] as StartJobRequest["assignments"][0]] }),
    ).rejects.toMatchObject({ code: "DUPLICATE_JOB", message: expect.stringContaining("Job verdant-aurora-labs/vj-cmjob0002-0 exists already") });
    await expect(driver().pollJob("nope")).rejects.toMatchObject({ code: "UNKNOWN_JOB" });
    expect(() => createKubernetesDriver({ cluster: "broken", kubeconfig: "clusters: [", clock: () => T0 })).toThrow(
      /cluster broken: kubeconfig could not be read/,
    );
    expect(() => createKubernetesDriver({ cluster: "ctx", kubeconfig, context: "nope", clock: () => T0 })).toThrow(/no context "nope"/);
    expect((await driver().readTelemetry(T0)).unavailableReason).toMatch(/DCGM/);
  });

  it("gives up on an API server that does not answer", async () => {
    standIn.control.hangNodes = true;
    try {
      const d = createKubernetesDriver({ cluster: "slow", kubeconfig, clock: () => T0, requestTimeoutMs: 200 });
      await expect(d.listInventory()).rejects.toMatchObject({ code: "API", message: "cluster slow: list nodes timed out after 200 ms" });
    } finally {
      standIn.control.hangNodes = false;
    }
  });
});
