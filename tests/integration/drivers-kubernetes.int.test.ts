// The Kubernetes driver against a local stand-in for the API server: a small HTTP server on
// 127.0.0.1 (random port) that serves only the paths the driver uses and records every request.
// It is not a real API server (none can run on our machines); it checks the requests the driver
// sends and how it parses the answers.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../server/drivers/clock";
import { createKubernetesDriver } from "../../server/drivers/kubernetes-driver";
import type { StartJobRequest } from "../../server/drivers/types";
import { localKubeconfig } from "./helpers/kubeconfig";

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

const NODES = {
  apiVersion: "v1",
  kind: "NodeList",
  metadata: {},
  items: [
    {
      metadata: {
        name: "gpu-a",
        labels: { "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3", "topology.kubernetes.io/zone": "rack-7", "kubernetes.io/hostname": "gpu-a" },
      },
      status: { capacity: { cpu: "192", memory: "2113123040Ki", "nvidia.com/gpu": "8", pods: "110" }, conditions: [{ type: "Ready", status: "True" }] },
    },
    {
      metadata: { name: "gpu-b", labels: { "gpu.nvidia.com/class": "L40S" } },
      spec: { unschedulable: true },
      status: { capacity: { cpu: "63500m", memory: "256Gi", "nvidia.com/gpu": "4" }, conditions: [{ type: "Ready", status: "True" }] },
    },
    { metadata: { name: "cpu-c", labels: {} }, status: { capacity: { cpu: "16", memory: "65536Mi" }, conditions: [{ type: "Ready", status: "False" }] } },
  ],
};

/** The stand-in: namespaces and Jobs in memory; statuses are set by the test. */
function startStandIn() {
  const requests: Recorded[] = [];
  const namespaces = new Set<string>();
  const jobs = new Map<string, { metadata: { name: string; namespace: string; labels?: Record<string, string> }; status?: unknown }>();
  const control = { hangNodes: false };
  const send = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const notFound = (kind: string, name: string) => ({
    kind: "Status",
    apiVersion: "v1",
    status: "Failure",
    reason: "NotFound",
    code: 404,
    message: `${kind} "${name}" not found`,
  });
  const readBody = async (req: IncomingMessage) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    return text ? JSON.parse(text) : null;
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const body = await readBody(req);
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    });
    const m = /^\/apis\/batch\/v1\/namespaces\/([^/]+)\/jobs(?:\/([^/]+))?$/.exec(url.pathname);
    if (req.method === "GET" && url.pathname === "/api/v1/nodes") return control.hangNodes ? undefined : send(res, 200, NODES);
    if (req.method === "POST" && url.pathname === "/api/v1/namespaces") {
      const name = body.metadata.name as string;
      if (namespaces.has(name)) return send(res, 409, { kind: "Status", code: 409, reason: "AlreadyExists", message: `namespaces "${name}" already exists` });
      namespaces.add(name);
      return send(res, 201, body);
    }
    if (req.method === "GET" && url.pathname === "/apis/batch/v1/jobs") {
      const [key, value] = (url.searchParams.get("labelSelector") ?? "").split("=");
      return send(res, 200, {
        apiVersion: "batch/v1",
        kind: "JobList",
        metadata: {},
        items: [...jobs.values()].filter((j) => key && j.metadata.labels?.[key] === value),
      });
    }
    if (m) {
      const [, ns, name] = m;
      if (!namespaces.has(ns as string)) return send(res, 404, notFound("namespaces", ns as string));
      const key = `${ns}/${name}`;
      if (req.method === "POST" && !name) {
        const k = `${ns}/${body.metadata.name}`;
        if (jobs.has(k))
          return send(res, 409, { kind: "Status", code: 409, reason: "AlreadyExists", message: `jobs.batch "${body.metadata.name}" already exists` });
        jobs.set(k, { ...body, status: {} });
        return send(res, 201, jobs.get(k));
      }
      if (req.method === "GET" && name) return jobs.has(key) ? send(res, 200, jobs.get(key)) : send(res, 404, notFound("jobs.batch", name));
      if (req.method === "DELETE" && name) {
        if (!jobs.delete(key)) return send(res, 404, notFound("jobs.batch", name));
        return send(res, 200, { kind: "Status", apiVersion: "v1", status: "Success" });
      }
    }
    send(res, 404, notFound("path", url.pathname));
  });
  return { server, requests, jobs, namespaces, control };
}

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);

describe("Kubernetes driver (against a local stand-in API server)", () => {
  let standIn: ReturnType<typeof startStandIn>;
  let kubeconfig: string;
  beforeAll(async () => {
    standIn = startStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
    const { port } = standIn.server.address() as AddressInfo;
    kubeconfig = localKubeconfig(port);
  });
  afterAll(async () => {
    standIn.server.closeAllConnections();
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  });
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

  it("creates the tenant namespace and one pinned Job per node, reads status, and cancels with Background propagation", async () => {
    const clock = createManualClock(T0);
    const d = driver(clock);
    await d.startJob(request);
    const posts = standIn.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path)).toEqual([
      "/api/v1/namespaces",
      "/apis/batch/v1/namespaces/verdant-aurora-labs/jobs",
      "/apis/batch/v1/namespaces/verdant-aurora-labs/jobs",
    ]);
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
    expect((posts[2]?.body as typeof job).spec.template.spec.nodeSelector).toEqual({ "kubernetes.io/hostname": "gpu-b" });

    expect(await d.pollJob("cmjob0001")).toMatchObject({ phase: "pending", fraction: null });
    const started = new Date(T0).toISOString();
    for (const name of ["vj-cmjob0001-0", "vj-cmjob0001-1"])
      (standIn.jobs.get(`verdant-aurora-labs/${name}`) as { status: unknown }).status = { active: 1, startTime: started };
    clock.advance(900_000);
    expect(await d.pollJob("cmjob0001")).toMatchObject({ phase: "running", fraction: 0.25, startedAtMs: T0 });

    standIn.requests.length = 0;
    await d.cancelJob("cmjob0001");
    const deletes = standIn.requests.filter((r) => r.method === "DELETE");
    expect(deletes.map((r) => [r.path, r.query.propagationPolicy])).toEqual([
      ["/apis/batch/v1/namespaces/verdant-aurora-labs/jobs/vj-cmjob0001-0", "Background"],
      ["/apis/batch/v1/namespaces/verdant-aurora-labs/jobs/vj-cmjob0001-1", "Background"],
    ]);
    expect(await d.pollJob("cmjob0001")).toMatchObject({ phase: "cancelled", finishedAtMs: T0 + 900_000 });
    await d.cancelJob("cmjob0001");
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
