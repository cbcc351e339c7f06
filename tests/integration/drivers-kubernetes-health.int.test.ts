// The Kubernetes driver's node health and job listing against the local API stand-in: node
// conditions, cordons and GPUs withdrawn from allocatable; the Verdant jobs of the connection's
// namespaces with their phases; a discarded job leaves nothing behind and can start again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKubernetesDriver, type StartJobRequest } from "../../server/drivers";
import { listenStandIn, STAND_IN_NODES } from "./helpers/kubernetes-stand-in";

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);

describe("Kubernetes driver: node health and job listing", () => {
  let standIn: Awaited<ReturnType<typeof listenStandIn>>;
  beforeAll(async () => {
    standIn = await listenStandIn();
  });
  afterAll(() => standIn.close());
  const driver = () => createKubernetesDriver({ cluster: "k8s-test", kubeconfig: standIn.kubeconfig, clock: () => T0 });
  const request: StartJobRequest = {
    jobId: "cmjobhealth1",
    tenantSlug: "aurora-labs",
    estimatedDurationS: 3600,
    assignments: [{ node: "gpu-a", gpuIndices: [0], milliPerGpu: 1000, cpuMilli: 4000, memoryMib: 8192 }],
  };

  it("reads node health from conditions, cordons and allocatable GPUs", async () => {
    expect(await driver().readNodeHealth()).toEqual([
      { node: "gpu-a", status: "READY", reason: null },
      { node: "gpu-b", status: "CORDONED", reason: "cordoned (spec.unschedulable)" },
      { node: "cpu-c", status: "NOT_READY", reason: "Ready is False" },
    ]);
    const [gpuA, ...rest] = STAND_IN_NODES.items;
    standIn.control.nodes = {
      items: [{ ...gpuA, status: { ...gpuA!.status, allocatable: { cpu: "190", memory: "2000000000Ki", "nvidia.com/gpu": "7" } } }, ...rest],
    };
    expect((await driver().readNodeHealth())[0]).toEqual({
      node: "gpu-a",
      status: "GPU_ERROR",
      reason: "7 of 8 GPUs allocatable (1 withdrawn by the device plugin)",
    });
    standIn.control.nodes = STAND_IN_NODES;
  });

  it("lists the Verdant jobs of its namespaces with their phase, and a discarded job can start again", async () => {
    const d = driver();
    await d.startJob(request);
    const [name] = [...standIn.jobs.keys()].filter((k) => k.startsWith("verdant-aurora-labs/"));
    (standIn.jobs.get(name!) as { status: unknown }).status = { active: 1, startTime: new Date(T0).toISOString() };
    // A Verdant-labelled Job outside the connection's namespaces is another installation's.
    standIn.jobs.set("other-ns/vj-x-0", {
      metadata: { name: "vj-x-0", namespace: "other-ns", labels: { "app.kubernetes.io/managed-by": "verdant", "verdant.io/job-id": "x" } },
      status: { active: 1 },
    });
    expect(await d.listJobs()).toEqual([{ jobId: "cmjobhealth1", phase: "running" }]);
    (standIn.jobs.get(name!) as { status: unknown }).status = { failed: 1, conditions: [{ type: "Failed", status: "True", reason: "BackoffLimitExceeded" }] };
    expect(await d.listJobs()).toEqual([{ jobId: "cmjobhealth1", phase: "failed" }]);

    // A failed run is discarded (its Jobs deleted whatever their phase) so the retry can create them again.
    await d.discardJob("cmjobhealth1");
    expect(await d.listJobs()).toEqual([]);
    await d.discardJob("cmjobhealth1");
    await d.startJob(request);
    expect(await d.listJobs()).toEqual([{ jobId: "cmjobhealth1", phase: "pending" }]);
    // A restarted driver finds it by label and discards it too.
    await driver().discardJob("cmjobhealth1");
    expect([...standIn.jobs.keys()].filter((k) => k.startsWith("verdant-aurora-labs/"))).toEqual([]);
  });
});
