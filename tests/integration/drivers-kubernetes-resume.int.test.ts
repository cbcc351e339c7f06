// Preemption on Kubernetes, against the local API stand-in (helpers/kubernetes-stand-in.ts): a
// preempted run is deleted (its Job, with Background propagation) and the resumed run is a new Job
// of the same name whose container is told to load its checkpoint (VERDANT_RESUME=1) and how much
// work that checkpoint holds (VERDANT_RESUME_FROM_WORK_S), with the job's checkpoint interval.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../server/drivers/clock";
import { createKubernetesDriver } from "../../server/drivers/kubernetes-driver";
import type { StartJobRequest } from "../../server/drivers/types";
import { listenStandIn } from "./helpers/kubernetes-stand-in";

const T0 = Date.UTC(2026, 2, 15, 12, 0, 0);

type Posted = { metadata: { name: string }; spec: { template: { spec: { containers: { env?: { name: string; value: string }[] }[] } } } };

describe("Kubernetes driver: preempt = delete + recreate with a resume flag", () => {
  let standIn: Awaited<ReturnType<typeof listenStandIn>>;
  beforeAll(async () => {
    standIn = await listenStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  const request: StartJobRequest = {
    jobId: "cmjobresume1",
    tenantSlug: "aurora-labs",
    estimatedDurationS: 7200,
    checkpointIntervalS: 600,
    assignments: [{ node: "gpu-a", gpuIndices: [0, 1], milliPerGpu: 1000, cpuMilli: 8000, memoryMib: 32_768 }],
  };
  const envOf = (body: unknown) => Object.fromEntries(((body as Posted).spec.template.spec.containers[0]?.env ?? []).map((e) => [e.name, e.value]));
  const jobPosts = () => standIn.requests.filter((r) => r.method === "POST" && r.path.endsWith("/jobs"));

  it("starts fresh without the resume flag, deletes the preempted run, and recreates it resuming from its checkpoint", async () => {
    const driver = createKubernetesDriver({ cluster: "k8s-test", kubeconfig: standIn.kubeconfig, clock: createManualClock(T0).now });
    await driver.startJob(request);
    const fresh = envOf(jobPosts()[0]?.body);
    expect(fresh).toEqual({ VERDANT_CHECKPOINT_INTERVAL_S: "600" });

    // Preempted: the runner discards the run on its cluster.
    await driver.discardJob(request.jobId);
    const deletes = standIn.requests.filter((r) => r.method === "DELETE");
    expect(deletes.map((r) => [r.path, r.query.propagationPolicy])).toEqual([
      ["/apis/batch/v1/namespaces/verdant-aurora-labs/jobs/vj-cmjobresume1-0", "Background"],
    ]);
    expect(standIn.jobs.has("verdant-aurora-labs/vj-cmjobresume1-0")).toBe(false);

    // Resumed: the same name again, asked for only the rest of the work and told where to resume.
    await driver.startJob({ ...request, estimatedDurationS: 7200 - 1800, resumeFromWorkS: 1800 });
    const posts = jobPosts();
    expect(posts).toHaveLength(2);
    expect((posts[1]?.body as Posted).metadata.name).toBe("vj-cmjobresume1-0");
    expect(envOf(posts[1]?.body)).toEqual({ VERDANT_RESUME: "1", VERDANT_RESUME_FROM_WORK_S: "1800", VERDANT_CHECKPOINT_INTERVAL_S: "600" });
    expect(await driver.pollJob(request.jobId)).toMatchObject({ phase: "pending" });
  });
});
