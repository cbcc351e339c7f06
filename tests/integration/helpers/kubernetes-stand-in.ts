/**
 * A local stand-in for the Kubernetes API server: a small HTTP server on 127.0.0.1 that serves only
 * the paths the Kubernetes driver uses (nodes, namespaces, events, batch/v1 Jobs: create, read, JSON-patch, delete), keeps namespaces and Jobs
 * in memory and records every request. It is not a real API server (none can run on our machines);
 * tests use it to check the requests the driver sends and how it reads the answers. The node list is
 * `control.nodes`, which a test may replace to change the cluster.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { localKubeconfig } from "./kubeconfig";

/** One request the stand-in received. */
export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

/** The default node list: an H100 node, a cordoned L40S node and a CPU node that is not ready. */
export const STAND_IN_NODES = {
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
export function startStandIn() {
  const requests: Recorded[] = [];
  const namespaces = new Set<string>();
  const jobs = new Map<string, { metadata: { name: string; namespace: string; labels?: Record<string, string> }; status?: unknown }>();
  const control = { hangNodes: false, nodes: STAND_IN_NODES as { items: unknown[] } };
  /** Core v1 Events the test adds (namespace in metadata.namespace), served by the events API. */
  const events: { metadata: { namespace: string; name?: string; uid?: string }; [field: string]: unknown }[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
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
    if (req.method === "GET" && url.pathname === "/api/v1/nodes")
      return control.hangNodes ? undefined : send(res, 200, { apiVersion: "v1", kind: "NodeList", metadata: {}, items: control.nodes.items });
    const ev = /^\/api\/v1\/namespaces\/([^/]+)\/events$/.exec(url.pathname);
    if (req.method === "GET" && ev)
      return send(res, 200, { apiVersion: "v1", kind: "EventList", metadata: {}, items: events.filter((e) => e.metadata.namespace === ev[1]) });
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
        // A copy: a later patch must not change the recorded request body.
        jobs.set(k, { ...structuredClone(body), status: {} });
        return send(res, 201, jobs.get(k));
      }
      if (req.method === "GET" && name) return jobs.has(key) ? send(res, 200, jobs.get(key)) : send(res, 404, notFound("jobs.batch", name));
      // JSON patch (client-node's default for patch): only "replace" of a field path, enough for resuming a suspended Job.
      if (req.method === "PATCH" && name) {
        const job = jobs.get(key) as Record<string, unknown> | undefined;
        if (!job) return send(res, 404, notFound("jobs.batch", name));
        for (const op of body as { op: string; path: string; value: unknown }[]) {
          const parts = op.path.split("/").slice(1);
          let at = job;
          for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
          if (op.op === "replace") at[parts[parts.length - 1] as string] = op.value;
        }
        return send(res, 200, job);
      }
      if (req.method === "DELETE" && name) {
        if (!jobs.delete(key)) return send(res, 404, notFound("jobs.batch", name));
        return send(res, 200, { kind: "Status", apiVersion: "v1", status: "Success" });
      }
    }
    send(res, 404, notFound("path", url.pathname));
  });
  return { server, requests, jobs, namespaces, control, events };
}

/** A started stand-in with a kubeconfig pointing at it, and how to stop it. */
export async function listenStandIn() {
  const standIn = startStandIn();
  await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
  const { port } = standIn.server.address() as AddressInfo;
  return {
    ...standIn,
    kubeconfig: localKubeconfig(port),
    async close() {
      standIn.server.closeAllConnections();
      await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
    },
  };
}
