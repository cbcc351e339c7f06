// Cluster events on the job page: the Kubernetes driver reads a job's pod and Job events from the events
// API of the local stand-in (helpers/kubernetes-stand-in.ts), the simulated driver reports its own, and
// they land in JobEvent once each however often they are read, and on the job's timeline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "../../server/drivers/clock";
import { createKubernetesDriver } from "../../server/drivers/kubernetes-driver";
import { recordClusterEvents } from "../../server/repositories/job-event-repository";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { listenStandIn } from "./helpers/kubernetes-stand-in";
import { runnerFor } from "./helpers/runner";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const T0 = SEED_NOW.getTime() + 60_000;
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

describe("driver events reach the job's event log", () => {
  let database: TestDatabase;
  let standIn: Awaited<ReturnType<typeof listenStandIn>>;
  beforeAll(async () => {
    database = await createSeededDatabase();
    standIn = await listenStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });

  it("reads a Kubernetes job's pod events (scheduled, pulled, started, OOMKilled, evicted), ignores other jobs', and stores each once", async () => {
    const db = database.db;
    const job = await db.job.findFirstOrThrow({ where: { tenant: { slug: "aurora-labs" } }, orderBy: { id: "asc" } });
    const driver = createKubernetesDriver({ cluster: "k8s-events", kubeconfig: standIn.kubeconfig, clock: createManualClock(T0).now });
    await driver.startJob({
      jobId: job.id,
      tenantSlug: "aurora-labs",
      estimatedDurationS: 3600,
      assignments: [{ node: "gpu-a", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 1000, memoryMib: 1024 }],
    });
    // The only Job this stand-in holds (one member: one Job).
    const [jobName] = [...standIn.jobs.keys()].map((k) => k.split("/")[1]!);
    expect(jobName).toBeDefined();
    const ns = "verdant-aurora-labs";
    const pod = `${jobName}-x7k2p`;
    const event = (uid: string, s: number, reason: string, message: string, type = "Normal", name = pod, kind = "Pod", count = 1) => ({
      metadata: { namespace: ns, name: `${name}.${uid}`, uid },
      involvedObject: { kind, name, namespace: ns },
      reason,
      message,
      type,
      count,
      lastTimestamp: iso(s),
    });
    standIn.events.push(
      event("e1", 1, "SuccessfulCreate", `Created pod: ${pod}`, "Normal", jobName!, "Job"),
      event("e2", 2, "Scheduled", `Successfully assigned ${ns}/${pod} to gpu-a`),
      event("e3", 30, "Pulled", 'Successfully pulled image "nvcr.io/nvidia/pytorch:24.05-py3" in 27s'),
      event("e4", 31, "Started", "Started container trainer"),
      event("e5", 600, "OOMKilled", "Container trainer exceeded its memory limit (64Gi)", "Warning"),
      event("e6", 700, "Evicted", "The node was low on resource: memory.", "Warning"),
      event("other", 5, "Scheduled", "Successfully assigned elsewhere", "Normal", "vj-someone-else-0-abcde"),
    );

    const events = await driver.readJobEvents!(job.id);
    expect(events.map((e) => e.kind)).toEqual(["created", "scheduled", "pulled", "started", "oom-killed", "evicted"]);
    expect(events.filter((e) => e.warning).map((e) => e.kind)).toEqual(["oom-killed", "evicted"]);
    expect(events[4]!.message).toBe(`OOMKilled: Container trainer exceeded its memory limit (64Gi) (pod ${pod})`);
    expect(standIn.requests.some((r) => r.method === "GET" && r.path === `/api/v1/namespaces/${ns}/events`)).toBe(true);

    const store = async () =>
      recordClusterEvents(
        db,
        job.id,
        "cluster-fra-hub-1",
        driver.kind,
        (await driver.readJobEvents!(job.id)).map((e) => ({ key: e.key, at: new Date(e.atMs), kind: e.kind, message: e.message })),
      );
    expect(await store()).toBe(6);
    // Read again (every poll does): nothing new.
    expect(await store()).toBe(0);
    // The same event seen again bumps its count in Kubernetes: a new occurrence, stored once more.
    standIn.events.push(event("e5", 900, "OOMKilled", "Container trainer exceeded its memory limit (64Gi)", "Warning", pod, "Pod", 2));
    standIn.events.splice(
      standIn.events.findIndex((e) => e.metadata.uid === "e5"),
      1,
    );
    expect(await store()).toBe(1);
    const rows = await db.jobEvent.findMany({ where: { jobId: job.id, source: "kubernetes" }, orderBy: { at: "asc" } });
    expect(rows.map((r) => r.kind)).toEqual([
      "cluster-created",
      "cluster-scheduled",
      "cluster-pulled",
      "cluster-started",
      "cluster-oom-killed",
      "cluster-evicted",
      "cluster-oom-killed",
    ]);

    // The job page shows them as the cluster said them, to the job's tenant.
    const timeline = await (await callerAs(db, demoUserIds.aurora)).queue.timeline({ id: job.id });
    const cluster = timeline.entries.filter((e) => e.kind === "cluster-event");
    expect(cluster).toHaveLength(7);
    expect(cluster.map((e) => e.text)).toContainEqual(expect.stringContaining("Evicted: The node was low on resource: memory."));
    expect(cluster.every((e) => e.source === "kubernetes")).toBe(true);
  });

  it("stores the simulated driver's own events for each running job as the runner polls, once however many polls", async () => {
    const db = database.db;
    const runner = runnerFor(db);
    await runSchedulingCycle(db, { now: new Date(T0), seed: 3, maxJobs: 100 });
    await runner.advance(new Date(T0));
    await runner.advance(new Date(T0 + 30_000));
    const running = await db.job.findMany({ where: { status: "RUNNING" }, select: { id: true, gangSize: true } });
    expect(running.length).toBeGreaterThan(0);
    const counts = async () => db.jobEvent.count({ where: { jobId: { in: running.map((j) => j.id) }, kind: { startsWith: "cluster-" } } });
    const first = await counts();
    for (const j of running) {
      const kinds = (await db.jobEvent.findMany({ where: { jobId: j.id, source: "simulated" }, select: { kind: true } })).map((e) => e.kind);
      expect(kinds.filter((k) => k === "cluster-started")).toHaveLength(1);
      expect(kinds.filter((k) => k === "cluster-scheduled").length).toBeGreaterThanOrEqual(1);
    }
    await runner.advance(new Date(T0 + 60_000));
    const stillRunning = await db.job.count({ where: { id: { in: running.map((j) => j.id) }, status: "RUNNING" } });
    // Polled again: no job's events were stored twice (only a finished run adds its end).
    expect(await counts()).toBeLessThanOrEqual(first + (running.length - stillRunning) * 1);
    expect(await counts()).toBeGreaterThanOrEqual(first);
  });
});
