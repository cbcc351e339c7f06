// Fault run: five clusters, one of them Kubernetes whose API is a black hole (a local TCP server
// that accepts connections and never answers), four simulated. The control loop runs in real time
// as the worker does (driver work, then a scheduling cycle, then a pause). Checked: jobs on the
// healthy clusters start in the cycle after their placement while the hung API times out; the hung
// cluster becomes unreachable (stored, shown on the cluster list, excluded from placement with the
// reason); its placed jobs are requeued and placed elsewhere, or wait with the reason when only it
// may run them; no job is lost or started twice; and once an admin switches the cluster to a working
// driver, the loop picks the change up without a restart and the cluster is reachable again.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listClusters } from "../../server/services/cluster-service";
import { createJobRunner } from "../../server/services/job-runner";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { parseCoordinatorExplanation } from "../../server/engine";
import { SEED_NOW } from "./helpers/constants";
import { localKubeconfig } from "./helpers/kubeconfig";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const HUNG = "cluster-fra-hub-1"; // the only cluster in region eu-central
const HEALTHY = ["cluster-tor-hub-1", "cluster-lon-regional-1", "cluster-sjc-regional-1", "cluster-sin-hub-1"];
const IDLE = ["cluster-dfw-edge-1", "cluster-ott-regional-1"];
const CYCLE_MS = 400;
const GUARD = { callTimeoutMs: 2_000, failureThreshold: 3, halfOpenAfterMs: 60_000, concurrency: 4 };
const BUDGET_MS = 500;

function blackHole() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return { server, sockets };
}

const kubeconfigFor = (port: number) => localKubeconfig(port, { cluster: "hung" });

describe("a hung cluster API", () => {
  let database: TestDatabase;
  let hole: ReturnType<typeof blackHole>;
  const t0 = performance.now();
  // The loop's clock: the seeded "now", moving in real time.
  const clock = () => new Date(SEED_NOW.getTime() + 60_000 + Math.round(performance.now() - t0));

  beforeAll(async () => {
    hole = blackHole();
    await new Promise<void>((resolve) => hole.server.listen(0, "127.0.0.1", resolve));
    const { port } = hole.server.address() as AddressInfo;
    database = await createSeededDatabase();
    const db = database.db;
    // Only this run's jobs are queued; five clusters take work.
    await db.job.updateMany({ where: { status: "QUEUED" }, data: { status: "CANCELLED", cancelledAt: clock() } });
    await db.cluster.updateMany({ where: { id: { in: IDLE } }, data: { status: "MAINTENANCE" } });
    await db.clusterConnection.upsert({
      where: { clusterId: HUNG },
      create: { clusterId: HUNG, driver: "KUBERNETES", kubeconfig: kubeconfigFor(port), updatedAt: clock() },
      update: { driver: "KUBERNETES", kubeconfig: kubeconfigFor(port) },
    });
  });
  afterAll(async () => {
    for (const s of hole.sockets) s.destroy();
    await new Promise<void>((resolve) => hole.server.close(() => resolve()));
    await database.drop();
  });

  it("costs the healthy clusters nothing, is marked unreachable and excluded, and loses or duplicates no job", async () => {
    const db = database.db;
    const runner = createJobRunner(db, { simSpeed: 60, seed: 1, guard: GUARD, cycleBudgetMs: BUDGET_MS });
    const template = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1, gpuMilli: 1000 } });
    const { id: _id, ...fields } = template;
    let submitted = 0;
    const submit = async (name: string, regions: string[]) => {
      const id = `job-fault-${name}`;
      submitted++;
      await db.job.create({
        data: {
          ...fields,
          id,
          name,
          idempotencyKey: name,
          status: "QUEUED",
          statusReason: null,
          allowedRegions: regions,
          earliestStartAt: null,
          deadlineAt: null,
          placedAt: null,
          startedAt: null,
          finishedAt: null,
          cancelledAt: null,
          energyKwh: null,
          emissionsGCo2e: null,
          estimatedDurationS: 6 * 3600,
          submittedAt: clock(),
        },
      });
      return id;
    };
    const placedInCycle = new Map<string, number>();
    const startedInCycle = new Map<string, number>();
    const cycleMs: number[] = [];
    let cycle = 0;
    const runCycle = async () => {
      const started = performance.now();
      const at = clock();
      const report = await runner.advance(at);
      await runSchedulingCycle(db, { now: at, seed: 3, maxJobs: 100 });
      cycleMs.push(performance.now() - started);
      cycle++;
      const rows = await db.job.findMany({ where: { id: { startsWith: "job-fault-" } }, select: { id: true, status: true } });
      for (const r of rows) {
        if (r.status === "PLACED" && !placedInCycle.has(r.id)) placedInCycle.set(r.id, cycle);
        if (r.status === "RUNNING" && !startedInCycle.has(r.id)) startedInCycle.set(r.id, cycle);
        if (r.status === "QUEUED") placedInCycle.delete(r.id);
      }
      await new Promise((r) => setTimeout(r, CYCLE_MS));
      return report;
    };

    // Phase 1: only the hung cluster takes work, so jobs are placed on it (some may run only there).
    await db.cluster.updateMany({ where: { id: { in: HEALTHY } }, data: { status: "MAINTENANCE" } });
    const pinned = [await submit("pinned-0", ["eu-central"]), await submit("pinned-1", ["eu-central"])];
    const movable = await Promise.all(Array.from({ length: 4 }, (_, i) => submit(`movable-${i}`, [])));
    await runCycle();
    const onHung = await db.job.count({ where: { id: { in: [...pinned, ...movable] }, status: "PLACED" } });
    expect(onHung).toBe(6);

    // Phase 2: an admin brings the four healthy clusters back (picked up without a restart); work keeps coming.
    await db.cluster.updateMany({ where: { id: { in: HEALTHY } }, data: { status: "ACTIVE", updatedAt: clock() } });
    const healthyJobs: string[] = [];
    let unreachableAtCycle: number | null = null;
    for (let i = 0; i < 14; i++) {
      // These may not go to the hung cluster: they measure what its hang costs the others.
      if (i < 8) healthyJobs.push(await submit(`healthy-${i}`, ["na-east", "eu-west", "na-west", "ap-southeast"]));
      await runCycle();
      const conn = await db.clusterConnection.findUniqueOrThrow({ where: { clusterId: HUNG } });
      if (conn.unreachableSince && unreachableAtCycle === null) unreachableAtCycle = cycle;
    }

    // The hung cluster is unreachable, with the reason stored and shown.
    const conn = await db.clusterConnection.findUniqueOrThrow({ where: { clusterId: HUNG } });
    expect(conn.unreachableSince).not.toBeNull();
    expect(conn.consecutiveFailures).toBeGreaterThanOrEqual(GUARD.failureThreshold);
    expect(conn.unreachableReason).toMatch(/timed out after 2000 ms/);
    const listed = (await listClusters(db)).find((c) => c.id === HUNG)!;
    expect(listed.unreachable?.reason).toBe(conn.unreachableReason);

    // Healthy clusters: every job started in the cycle after its placement, on a healthy cluster.
    const latest = async (id: string) =>
      (await db.decision.findFirst({ where: { jobId: id, outcome: "PLACED" }, orderBy: { createdAt: "desc" }, select: { clusterId: true } }))?.clusterId;
    const delays: number[] = [];
    for (const id of healthyJobs) {
      const job = await db.job.findUniqueOrThrow({ where: { id } });
      expect(job.status).toBe("RUNNING");
      expect(HEALTHY).toContain(await latest(id));
      expect(startedInCycle.get(id)! - placedInCycle.get(id)!).toBe(1);
      delays.push(job.startedAt!.getTime() - job.placedAt!.getTime());
    }
    const maxCycle = Math.max(...cycleMs);
    expect(Math.max(...delays)).toBeLessThanOrEqual(maxCycle + CYCLE_MS + 200);

    // Its placed jobs: the movable ones requeued and running elsewhere; the pinned ones wait, saying why.
    for (const id of movable) {
      const job = await db.job.findUniqueOrThrow({ where: { id } });
      expect(job.startFailures).toBeGreaterThanOrEqual(1);
      expect(job.status).toBe("RUNNING");
      expect(HEALTHY).toContain(await latest(id));
    }
    for (const id of pinned) {
      const job = await db.job.findUniqueOrThrow({ where: { id } });
      expect(job.status).toBe("QUEUED");
      expect(job.startFailures).toBe(1);
      const last = await db.decision.findFirstOrThrow({ where: { jobId: id }, orderBy: { createdAt: "desc" } });
      expect(last.outcome).toBe("UNSCHEDULABLE");
      const explanation = parseCoordinatorExplanation(last.explanation);
      const hung = explanation.clusters.find((c) => c.clusterId === HUNG)!;
      expect(hung.filters.find((f) => !f.passed)?.reasons[0]).toMatchObject({
        code: "CLUSTER_UNREACHABLE",
        subject: expect.stringMatching(/timed out after 2000 ms/),
      });
      expect(job.statusReason).toMatch(/unreachable/);
    }

    // Nothing lost, nothing twice: every job is accounted for, GPU counters equal the shares, and each
    // placed or running job holds exactly the GPUs of its newest placement.
    expect(await db.job.count({ where: { id: { startsWith: "job-fault-" } } })).toBe(submitted);
    const drift = await db.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM "Gpu" g WHERE g."allocatedMilli" <> COALESCE((SELECT SUM(milli) FROM "GpuShare" s WHERE s."gpuId" = g.id), 0)`;
    expect(Number(drift[0]!.n)).toBe(0);
    const holders = await db.job.findMany({
      where: { id: { startsWith: "job-fault-" }, status: { in: ["PLACED", "RUNNING"] } },
      include: { gpuShares: { include: { gpu: { include: { node: true } } } } },
    });
    for (const job of holders) {
      expect(job.gpuShares).toHaveLength(1);
      expect(job.gpuShares[0]!.gpu.node.clusterId).toBe(await latest(job.id));
    }
    expect(await db.gpuShare.count({ where: { job: { id: { startsWith: "job-fault-" }, status: "QUEUED" } } })).toBe(0);

    console.log(
      JSON.stringify({
        hungCluster: {
          cycles: cycle,
          cycleMs: cycleMs.map((ms) => Math.round(ms)),
          cycleMsMedian: Math.round([...cycleMs].sort((a, b) => a - b)[Math.floor(cycleMs.length / 2)]!),
          healthyStartDelayMs: { max: Math.max(...delays), median: [...delays].sort((a, b) => a - b)[Math.floor(delays.length / 2)] },
          unreachableAtCycle,
          requeuedElsewhere: movable.length,
          waitingWithReason: pinned.length,
        },
      }),
    );

    // Recovery: an admin switches the cluster to the simulated driver; the loop rebuilds it without a
    // restart, its probe succeeds, the outage is cleared and the waiting jobs run there.
    await db.clusterConnection.update({ where: { clusterId: HUNG }, data: { driver: "SIMULATED", kubeconfig: null } });
    await db.cluster.update({ where: { id: HUNG }, data: { updatedAt: clock() } });
    for (let i = 0; i < 4; i++) await runCycle();
    const cleared = await db.clusterConnection.findUniqueOrThrow({ where: { clusterId: HUNG } });
    expect(cleared).toMatchObject({ unreachableSince: null, unreachableReason: null, consecutiveFailures: 0 });
    for (const id of pinned) {
      expect((await db.job.findUniqueOrThrow({ where: { id } })).status).toBe("RUNNING");
      expect(await latest(id)).toBe(HUNG);
    }
  }, 120_000);
});
