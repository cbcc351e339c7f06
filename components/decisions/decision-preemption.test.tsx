// The preemption card and sentence, rendered from a real plan of the engine's planner, and what a
// tenant member sees of another tenant's victims.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { allocate, DEFAULT_COORDINATOR_POLICY, formatExplanation, parseCoordinatorExplanation, planPreemption, type FleetSnapshot } from "@/server/engine";
import { CATALOG, T0_MS, ZONES, cluster, job, nodes } from "@/server/engine/coordinator/test-fixtures";
import type { SessionUser } from "@/server/auth/session-user";
import { preemptionForViewer } from "@/server/services/preemption-view";
import { DecisionPreemption } from "./decision-preemption";

const HOUR = 3_600_000;

/** Two 4-GPU nodes, each full with one best-effort job of another tenant ("beta"), one of them checkpointed 15 minutes ago. */
function plan() {
  const base = cluster("c1", { region: "eu", zone: "NO", specs: nodes("n", 2, "A100", 4), series: ZONES.hydro() });
  const request = { cpuMilli: 4000, memoryMib: 8192, gpuCount: 4, gpuMilliPerGpu: 1000, allowedGpuModels: [], gangSize: 1 };
  let state = base.state;
  const running = [0, 1].map((node) => {
    const assignments = [{ nodeIndex: node, gpuIndices: [0, 1, 2, 3] }];
    state = allocate(state, request, assignments);
    return {
      jobId: `be-${node}`,
      job: request,
      assignments,
      endMs: T0_MS + 5 * HOUR,
      preemption: {
        tenant: "beta",
        priority: 100,
        preemptible: true,
        startedAtMs: T0_MS - 2 * HOUR,
        lastCheckpointMs: node === 0 ? T0_MS - HOUR / 4 : null,
        checkpointedWorkS: node === 0 ? 6300 : 0,
        borrowedGpus: 0,
        minMembers: null,
      },
    };
  });
  const snapshot: FleetSnapshot = {
    nowMs: T0_MS,
    clusters: [{ ...base, state, running }],
    links: [],
    gpuModels: CATALOG,
    tenants: [{ tenant: "acme", maxGpus: 64, gpusInUse: 0, carbonBudgetKgPerMonth: null, carbonUsedKgThisMonth: 0 }],
  };
  const fleetJob = job({ id: "prod", gpuCount: 4, priority: 1000, priorityClass: "production", mayPreempt: true });
  const p = planPreemption(snapshot, fleetJob, DEFAULT_COORDINATOR_POLICY, { seed: 3 });
  if (!p) throw new Error("expected a plan");
  return parseCoordinatorExplanation(JSON.parse(JSON.stringify(p.decision.explanation)));
}

const member = (tenantId: string): SessionUser => ({ id: "u", email: "u@x", name: "U", role: "TENANT_MEMBER", tenantId, tenantName: tenantId }) as SessionUser;

describe("DecisionPreemption", () => {
  it("shows the victim with its lost work and checkpoint, and the costlier set it was weighed against", () => {
    const e = plan();
    const html = renderToStaticMarkup(<DecisionPreemption explanation={e} />);
    expect(html).toContain("be-0");
    // 4 GPUs x 15 minutes since the checkpoint.
    expect(html).toContain("<strong>1 GPU-hours</strong>");
    expect(html).toContain("1.8 h of work");
    expect(html).toContain("15 min");
    expect(html).toMatch(/Chosen: c1: be-0 · 1 GPU-h lost/);
    expect(html).toContain("c1: be-1 · 8 GPU-h lost");
    expect(formatExplanation(e)).toContain(
      "Started by preempting 1 job on c1 (lower priority): 1 GPU-hours lost since their last checkpoints; they resume from them.",
    );
  });

  it("says an elastic victim was shrunk from its former size rather than stopped", () => {
    const e = plan();
    const p = e.preemption!;
    const shrunk = { ...e, preemption: { ...p, victims: p.victims.map((v) => ({ ...v, shrinkTo: 4, shrunkFrom: 8 })) } };
    const html = renderToStaticMarkup(<DecisionPreemption explanation={shrunk} />);
    expect(html).toContain("(shrunk from 8 to 4 members)");
    expect(html).toContain("shrank 1 running job (an elastic gang sheds members)");
    expect(html).not.toContain("Stopped jobs are queued again");
    expect(formatExplanation(shrunk)).toContain("it was shrunk from 8 to 4 members rather than stopped");
    expect(formatExplanation(shrunk)).toContain("it keeps running with the members left.");
  });

  it("renders nothing for a decision without preemption", () => {
    const e = plan();
    expect(renderToStaticMarkup(<DecisionPreemption explanation={{ ...e, preemption: undefined }} />)).toBe("");
  });

  it("hides another tenant's victims from a tenant member, but not from the victims' own tenant", () => {
    const e = plan();
    const seenByAcme = preemptionForViewer(e, member("acme"));
    expect(JSON.stringify(seenByAcme.preemption)).not.toContain("be-0");
    expect(JSON.stringify(seenByAcme.preemption)).not.toContain("beta");
    expect(seenByAcme.preemption?.victims[0]).toMatchObject({ jobId: "another tenant #1", tenant: "another tenant" });
    expect(seenByAcme.preemption?.victims[0]?.lostGpuHours).toBeCloseTo(1, 9);
    expect(preemptionForViewer(e, member("beta")).preemption?.victims[0]?.jobId).toBe("be-0");
    expect(preemptionForViewer(e, { ...member("acme"), role: "OPERATOR", tenantId: null } as SessionUser)).toBe(e);
  });
});
