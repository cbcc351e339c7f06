// A 40-node gang on a cluster of three 16-node racks under one switch group: the scheduling cycle
// places it all or nothing (one transaction holds every member's shares), it spans 3 racks and its
// explanation states the topology cost; on Kubernetes it runs as one Indexed Job of 40 completions,
// created suspended and resumed only once every node is admitted.
import { isolatedCluster } from "./helpers/isolated-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { createManualClock } from "../../server/drivers/clock";
import { createKubernetesDriver } from "../../server/drivers/kubernetes-driver";
import type { StartJobRequest } from "../../server/drivers/types";
import { formatExplanation, parseCoordinatorExplanation } from "../../server/engine";
import { commitPlacement } from "../../server/repositories/placement-repository";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { SEED_NOW } from "./helpers/constants";
import { listenStandIn } from "./helpers/kubernetes-stand-in";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const now = new Date(SEED_NOW.getTime() + 60_000);
const NODES = 48;
const rackOf = (i: number) => `rack-${Math.floor(i / 16)}`;

async function submitGang(db: Db, ids: { tenantId: string; userId: string }, name: string, gangSize: number) {
  return db.job.create({
    data: {
      tenantId: ids.tenantId,
      submittedById: ids.userId,
      name,
      kind: "TRAINING",
      cpuMilli: 16_000,
      memoryMib: 65_536,
      gpuCount: 8,
      gpuMilli: 1000,
      allowedGpuModels: [],
      gangSize,
      estimatedDurationS: 2 * 3600,
      allowedRegions: [],
      idempotencyKey: name,
      submittedAt: SEED_NOW,
    },
  });
}

describe("a 40-node gang over three racks", () => {
  let database: TestDatabase;
  let ids: Awaited<ReturnType<typeof isolatedCluster>>;
  beforeAll(async () => {
    database = await createSeededDatabase();
    ids = await isolatedCluster(database.db, {
      name: "gang-hall",
      nodes: NODES,
      nodeName: (i) => `g-${String(i).padStart(2, "0")}`,
      rackOf,
      switchGroup: "spine-a",
      podGroup: "pod-1",
      now,
    });
  });
  afterAll(() => database.drop());

  it("a gang bigger than the cluster is placed nowhere: no member holds anything", async () => {
    const job = await submitGang(database.db, ids, "too-big", NODES + 1);
    await runSchedulingCycle(database.db, { now, seed: 7, maxJobs: 10 });
    const row = await database.db.job.findUniqueOrThrow({ where: { id: job.id }, include: { gpuShares: true } });
    expect(row.status).not.toBe("PLACED");
    expect(row.gpuShares).toHaveLength(0);
    const held = await database.db.gpu.count({ where: { allocatedMilli: { gt: 0 } } });
    expect(held).toBe(0);
    await database.db.job.update({ where: { id: job.id }, data: { status: "CANCELLED", cancelledAt: now } });
  });

  it("a commit that cannot hold every member writes none of them", async () => {
    const job = await submitGang(database.db, ids, "half-gang", 2);
    const nodes = await database.db.node.findMany({ where: { clusterId: ids.clusterId }, include: { gpus: true }, orderBy: { name: "asc" }, take: 2 });
    const [a, b] = nodes as [(typeof nodes)[number], (typeof nodes)[number]];
    // Member 2's node lost its CPU to someone else between decision and commit.
    await database.db.node.update({ where: { id: b.id }, data: { allocatedCpuMilli: b.cpuMilli } });
    const take = (n: typeof a) => ({
      clusterId: ids.clusterId,
      nodeId: n.id,
      nodeName: n.name,
      gpuIds: n.gpus.map((g) => g.id),
      gpuIndices: n.gpus.map((g) => g.index),
      milliPerGpu: 1000,
      cpuMilli: 16_000,
      memoryMib: 65_536,
    });
    const policy = await database.db.policy.findFirstOrThrow();
    const result = await commitPlacement(
      database.db,
      {
        jobId: job.id,
        outcome: "PLACED",
        clusterId: ids.clusterId,
        startAt: now,
        policyId: policy.id,
        explanationVersion: 1,
        explanation: {},
        latencyMs: null,
        fingerprint: null,
        createdAt: now,
      } as unknown as Parameters<typeof commitPlacement>[1],
      [take(a), take(b)],
      null,
      null,
    );
    expect(result).toEqual({ ok: false, reason: "capacity-changed" });
    expect(await database.db.gpuShare.count({ where: { jobId: job.id } })).toBe(0);
    expect((await database.db.node.findUniqueOrThrow({ where: { id: a.id } })).allocatedCpuMilli).toBe(0);
    expect((await database.db.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("QUEUED");
    await database.db.node.update({ where: { id: b.id }, data: { allocatedCpuMilli: 0 } });
    await database.db.job.update({ where: { id: job.id }, data: { status: "CANCELLED", cancelledAt: now } });
  });

  it("places all 40 members in one decision across 3 racks and states the topology cost", async () => {
    const job = await submitGang(database.db, ids, "big-gang", 40);
    const report = await runSchedulingCycle(database.db, { now, seed: 11, maxJobs: 10 });
    expect(report.placed).toBe(1);
    const row = await database.db.job.findUniqueOrThrow({ where: { id: job.id }, include: { gpuShares: { include: { gpu: { include: { node: true } } } } } });
    expect(row.status).toBe("PLACED");
    expect(row.gpuShares).toHaveLength(40 * 8);
    const nodes = new Set(row.gpuShares.map((s) => s.gpu.node.name));
    const racks = new Set(row.gpuShares.map((s) => s.gpu.node.rackGroup));
    expect(nodes.size).toBe(40);
    expect(racks.size).toBe(3);
    const decisions = await database.db.decision.findMany({ where: { jobId: job.id, outcome: "PLACED" } });
    expect(decisions).toHaveLength(1);
    const e = parseCoordinatorExplanation(decisions[0]!.explanation);
    expect(e.chosen[0]?.topology).toMatchObject({ members: 40, nodes: 40, racks: 3, switches: 1, level: "switch", slowdownPct: 3 });
    // 3 % of 320 GPUs over 2 h.
    expect(e.chosen[0]?.topology?.extraGpuHours).toBeCloseTo(0.03 * 320 * 2, 6);
    expect(formatExplanation(e)).toContain("The gang spans 3 racks under 1 switch group: ~3 % slower, about 19.2 GPU-hours.");
  });

  describe("on Kubernetes", () => {
    let standIn: Awaited<ReturnType<typeof listenStandIn>>;
    const k8sNodes = (notReady: string | null) => ({
      items: Array.from({ length: NODES }, (_, i) => {
        const name = `g-${String(i).padStart(2, "0")}`;
        return {
          metadata: {
            name,
            labels: { "kubernetes.io/hostname": name, "verdant.io/rack": rackOf(i), "verdant.io/switch": "spine-a", "verdant.io/pod": "pod-1" },
          },
          status: {
            capacity: { cpu: "128", memory: "1048576Mi", "nvidia.com/gpu": "8" },
            conditions: [{ type: "Ready", status: name === notReady ? "False" : "True" }],
          },
        };
      }),
    });
    beforeAll(async () => {
      standIn = await listenStandIn();
    });
    afterAll(() => standIn.close());

    async function placedRequest(): Promise<StartJobRequest> {
      const job = await database.db.job.findFirstOrThrow({ where: { name: "big-gang" }, include: { decisions: { where: { outcome: "PLACED" } } } });
      const assignments = job.decisions[0]!.assignments as { node: string; gpuIndices: number[]; milliPerGpu: number; cpuMilli: number; memoryMib: number }[];
      return { jobId: job.id, tenantSlug: "aurora-labs", estimatedDurationS: 7200, assignments };
    }

    it("runs the gang as one Indexed Job with 40 completions, suspended until every node is admitted", async () => {
      standIn.control.nodes = k8sNodes(null);
      standIn.requests.length = 0;
      const driver = createKubernetesDriver({ cluster: "gang-hall", kubeconfig: standIn.kubeconfig, clock: createManualClock(now.getTime()).now });
      const request = await placedRequest();
      expect(request.assignments).toHaveLength(40);
      await driver.startJob(request);
      const posts = standIn.requests.filter((r) => r.method === "POST" && r.path.endsWith("/jobs"));
      expect(posts).toHaveLength(1);
      const body = posts[0]!.body as {
        spec: { completionMode: string; completions: number; parallelism: number; suspend: boolean; template: { spec: { affinity: unknown } } };
        metadata: { annotations: Record<string, string> };
      };
      expect(body.spec).toMatchObject({ completionMode: "Indexed", completions: 40, parallelism: 40, suspend: true });
      const allowed = (
        body.spec.template.spec.affinity as {
          nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: { matchExpressions: { values: string[] }[] }[] } };
        }
      ).nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchExpressions[0]!.values;
      expect(new Set(allowed)).toEqual(new Set(request.assignments.map((a) => a.node)));
      expect(JSON.parse(body.metadata.annotations["verdant.io/gang-assignments"]!)).toHaveLength(40);
      const patch = standIn.requests.find((r) => r.method === "PATCH");
      expect(patch?.body).toEqual([{ op: "replace", path: "/spec/suspend", value: false }]);
      // The patch follows the node check: the gang is resumed only after admission.
      expect(standIn.requests.findIndex((r) => r.path === "/api/v1/nodes")).toBeLessThan(standIn.requests.indexOf(patch!));
      const stored = [...standIn.jobs.values()] as unknown as { spec: { suspend: boolean } }[];
      expect(stored).toHaveLength(1);
      expect(stored[0]!.spec.suspend).toBe(false);
      // One member finished is not the gang finished.
      (stored[0] as unknown as { status: unknown }).status = { active: 39, succeeded: 1, startTime: new Date(now.getTime()).toISOString() };
      expect((await driver.pollJob(request.jobId)).phase).toBe("running");
      (stored[0] as unknown as { status: unknown }).status = { succeeded: 40, conditions: [{ type: "Complete", status: "True" }] };
      expect((await driver.pollJob(request.jobId)).phase).toBe("succeeded");
      standIn.jobs.clear();
    });

    it("a node that is not Ready leaves no Job behind: none of the gang starts", async () => {
      const request = await placedRequest();
      standIn.control.nodes = k8sNodes(request.assignments[17]!.node);
      standIn.requests.length = 0;
      const driver = createKubernetesDriver({ cluster: "gang-hall", kubeconfig: standIn.kubeconfig, clock: createManualClock(now.getTime()).now });
      await expect(driver.startJob(request)).rejects.toThrow(`node ${request.assignments[17]!.node} is not Ready`);
      expect(standIn.requests.some((r) => r.method === "PATCH")).toBe(false);
      expect(standIn.requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
      expect(standIn.jobs.size).toBe(0);
    });
  });
});
