/**
 * Property: for every job the coordinator cannot place, each cluster's reasons are true and
 * sufficient. For a cluster whose verdict is unfit, relaxing exactly the named constraints by the named
 * shortfalls (requests lowered to `available`, GPU and GPU-hour quotas raised by requested - available, deadline moved by
 * the missing seconds, region allowed, cluster back in service) makes the job placeable there. For a
 * cluster whose verdict is unfit-unresolvable, the job still fails on that cluster emptied (every node
 * free and ready, nothing queued, the tenant holding nothing and nothing used this month), and — unless the cluster lacks the
 * hardware altogether — the same relaxations make it placeable on the emptied cluster.
 * Small random fleets (1-3 clusters of 1-3 nodes, two per rack), model-based jobs, no carbon budget
 * (the budget is judged on the final placement, so it is checked once nothing else blocks).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCluster } from "../model/node";
import { createPlacer } from "../placement/placer";
import { VERDANT_POLICY } from "../placement/policy";
import { bidForJob } from "./agent";
import type { AgentContext } from "./agent-types";
import { capacityStateOf } from "./capacity-diagnosis";
import { runDecision } from "./coordinator";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import type { ClusterReason } from "./reasons";
import { CATALOG, job, occupy, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetCluster, FleetJob, FleetSnapshot, TenantUsage } from "./types";

const H = 3_600_000;
/** Cases run: enough random fleets and jobs to reach the rare shapes (at least 10,000). */
const CASES = 10_000;
const policy = DEFAULT_COORDINATOR_POLICY;
const catalog = new Map(CATALOG.map((m) => [m.id, m]));

const arbCluster = fc.record({
  region: fc.constantFrom("eu", "us"),
  nodes: fc.integer({ min: 1, max: 3 }),
  gpus: fc.constantFrom(4, 8),
  cpuCores: fc.constantFrom(16, 64, 128, 128),
  memGib: fc.constantFrom(64, 512, 1024, 1024),
  model: fc.constantFrom("A100", "H100"),
  busy: fc.constantFrom(0, 2, 4, 6, 8, 8),
  runningEndsH: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  status: fc.constantFrom("active", "active", "active", "draining", "retired"),
  reachable: fc.constantFrom(true, true, true, false),
});

const arbCase = fc.record({
  clusters: fc.array(arbCluster, { minLength: 1, maxLength: 3 }),
  cpuCores: fc.constantFrom(2, 4, 8, 16, 32, 100, 200),
  memGib: fc.constantFrom(8, 16, 32, 100, 600, 2000),
  gpu: fc.constantFrom<[number, number]>([1, 1000], [1, 500], [1, 250], [2, 1000], [4, 1000], [4, 1000], [8, 1000], [16, 1000], [0, 0]),
  gangSize: fc.constantFrom(1, 1, 1, 2, 3, 4),
  gangSameRack: fc.boolean(),
  models: fc.constantFrom<string[]>([], [], ["A100"], ["H100"], ["L40S"]),
  regions: fc.constantFrom<string[]>([], [], ["eu"], ["us"]),
  durationH: fc.integer({ min: 1, max: 6 }),
  earliestH: fc.integer({ min: 0, max: 4 }),
  windowH: fc.option(fc.integer({ min: -2, max: 12 }), { nil: null }),
  maxGpus: fc.option(fc.constantFrom(4, 16, 64), { nil: null }),
  gpusInUse: fc.integer({ min: 0, max: 20 }),
  maxGpuHours: fc.option(fc.constantFrom(8, 40, 200), { nil: null }),
  gpuHoursUsed: fc.integer({ min: 0, max: 60 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});

type Case = typeof arbCase extends fc.Arbitrary<infer T> ? T : never;

function buildCluster(c: Case["clusters"][number], i: number): FleetCluster {
  const specs = Array.from({ length: c.nodes }, (_, k) => ({
    name: `c${i}-${k}`,
    cpuMilli: c.cpuCores * 1000,
    memoryMib: c.memGib * 1024,
    gpuCount: c.gpus,
    gpuModel: c.model,
    rack: `c${i}-r${Math.floor(k / 2)}`,
  }));
  const busy = Math.min(c.busy, c.gpus);
  const state = occupy(createCluster(specs), busy);
  const gpuIndices = Array.from({ length: busy }, (_, g) => g);
  const running =
    busy > 0 && c.runningEndsH !== null
      ? [
          {
            jobId: `r${i}`,
            job: { cpuMilli: 0, memoryMib: 0, gpuCount: busy, gpuMilliPerGpu: 1000, allowedGpuModels: [] },
            assignments: state.nodes.map((_, nodeIndex) => ({ nodeIndex, gpuIndices })),
            endMs: T0_MS + c.runningEndsH * H,
          },
        ]
      : [];
  return {
    id: `c${i}`,
    name: `c${i}`,
    region: c.region,
    zone: "NO",
    tier: "hub",
    pue: 1.2,
    status: c.status as FleetCluster["status"],
    reachable: c.reachable,
    state,
    running,
    reservations: [],
    series: ZONES.hydro(72),
  };
}

function build(s: Case): { snapshot: FleetSnapshot; job: FleetJob } {
  const tenants: TenantUsage[] =
    s.maxGpus === null
      ? []
      : [
          {
            tenant: "acme",
            maxGpus: s.maxGpus,
            gpusInUse: s.gpusInUse,
            carbonBudgetKgPerMonth: null,
            carbonUsedKgThisMonth: 0,
            maxGpuHoursPerMonth: s.maxGpuHours,
            gpuHoursUsedThisMonth: s.gpuHoursUsed,
          },
        ];
  const snapshot: FleetSnapshot = { nowMs: T0_MS, clusters: s.clusters.map(buildCluster), links: [], gpuModels: CATALOG, tenants };
  const earliest = T0_MS + s.earliestH * H;
  const j = job({
    cpuMilli: s.cpuCores * 1000,
    memoryMib: s.memGib * 1024,
    gpuCount: s.gpu[0],
    gpuMilliPerGpu: s.gpu[1],
    gangSize: s.gangSize,
    gangSameRack: s.gangSameRack,
    allowedGpuModels: s.gpu[0] === 0 ? [] : s.models,
    allowedRegions: s.regions,
    estimatedDurationS: s.durationH * 3600,
    earliestStartMs: earliest,
    deadlineMs: s.windowH === null ? null : earliest + (s.durationH + s.windowH) * H,
  });
  return { snapshot, job: j };
}

/** The job, cluster and tenant with every named constraint relaxed by its shortfall. */
function relax(j: FleetJob, c: FleetCluster, tenant: TenantUsage | null, reasons: readonly ClusterReason[]) {
  let nextJob = j;
  let nextCluster = c;
  let nextTenant = tenant;
  for (const r of reasons) {
    const available = r.available ?? 0;
    const shortfall = (r.requested ?? 0) - available;
    switch (r.code) {
      case "INSUFFICIENT_CPU":
        nextJob = { ...nextJob, cpuMilli: Math.min(nextJob.cpuMilli, available) };
        break;
      case "INSUFFICIENT_MEMORY":
        nextJob = { ...nextJob, memoryMib: Math.min(nextJob.memoryMib, available) };
        break;
      case "INSUFFICIENT_GPUS":
        nextJob = available > 0 ? { ...nextJob, gpuCount: Math.min(nextJob.gpuCount, available) } : { ...nextJob, gpuCount: 0, gpuMilliPerGpu: 0 };
        break;
      case "NO_GPU_WITH_ENOUGH_SHARE":
        nextJob = available > 0 ? { ...nextJob, gpuMilliPerGpu: Math.min(nextJob.gpuMilliPerGpu, available) } : { ...nextJob, gpuCount: 0, gpuMilliPerGpu: 0 };
        break;
      case "GANG_TOO_LARGE":
      case "RACK_CAPACITY_FOR_GANG":
        nextJob = { ...nextJob, gangSize: Math.min(nextJob.gangSize, available) };
        break;
      case "TENANT_GPU_QUOTA":
        if (nextTenant) nextTenant = { ...nextTenant, maxGpus: nextTenant.maxGpus + shortfall };
        break;
      case "TENANT_GPU_HOURS_QUOTA":
        if (nextTenant) nextTenant = { ...nextTenant, maxGpuHoursPerMonth: (nextTenant.maxGpuHoursPerMonth ?? 0) + shortfall };
        break;
      case "DEADLINE_UNREACHABLE":
        nextJob = { ...nextJob, deadlineMs: (nextJob.deadlineMs as number) + shortfall * 1000 };
        break;
      case "REGION_NOT_ALLOWED":
        nextJob = { ...nextJob, allowedRegions: [...nextJob.allowedRegions, c.region] };
        break;
      case "CLUSTER_NOT_ACTIVE":
        nextCluster = { ...nextCluster, status: "active" };
        break;
      case "CLUSTER_UNREACHABLE":
        nextCluster = { ...nextCluster, reachable: true };
        break;
      default:
        throw new Error(`no relaxation for ${r.code}`);
    }
  }
  return { job: nextJob, cluster: nextCluster, tenant: nextTenant };
}

/** The cluster emptied: every node free and ready, nothing running or reserved. */
const emptied = (c: FleetCluster): FleetCluster => ({ ...c, state: capacityStateOf(c.state), running: [], reservations: [] });

function bidOn(c: FleetCluster, j: FleetJob, tenant: TenantUsage | null, seed: number) {
  const ctx: AgentContext = { nowMs: T0_MS, policy, catalog, tenant, seed };
  return bidForJob(createPlacer({ policy: VERDANT_POLICY, workload: WORKLOAD }), c, 0, j, ctx);
}

/** Hardware the job does not accept: no relaxation of the request can help on this cluster. */
const HARDWARE_ABSENT = new Set(["GPU_MODEL_ABSENT"]);

describe("binding constraints (property)", () => {
  it(`relaxing exactly the named constraints by the named shortfalls makes an unplaced job placeable, or the reason is correctly unresolvable (${CASES} cases)`, () => {
    let unplaced = 0;
    let unresolvable = 0;
    let unfit = 0;
    fc.assert(
      fc.property(arbCase, (s) => {
        const { snapshot, job: j } = build(s);
        const placers = snapshot.clusters.map(() => createPlacer({ policy: VERDANT_POLICY, workload: WORKLOAD }));
        const run = runDecision(snapshot, j, policy, s.seed, placers);
        if (run.candidates.length > 0) return;
        unplaced++;
        const tenant = snapshot.tenants[0] ?? null;
        for (const b of run.bids) {
          const reasons = b.filters.filter((f) => !f.passed).flatMap((f) => f.reasons);
          expect(reasons.length).toBeGreaterThan(0);
          if (b.verdict === "unfit-unresolvable") {
            unresolvable++;
            const idle = emptied({ ...b.cluster, status: b.cluster.status === "retired" ? "retired" : "active", reachable: true });
            const idleTenant = tenant && { ...tenant, gpusInUse: 0, gpuHoursUsedThisMonth: 0 };
            expect(bidOn(idle, j, idleTenant, s.seed).passed).toBe(false);
            if (reasons.some((r) => HARDWARE_ABSENT.has(r.code))) continue;
            const relaxed = relax(j, idle, idleTenant, reasons);
            expect(bidOn(relaxed.cluster, relaxed.job, relaxed.tenant, s.seed).passed).toBe(true);
          } else {
            expect(b.verdict).toBe("unfit");
            unfit++;
            const relaxed = relax(j, b.cluster, tenant, reasons);
            expect(bidOn(relaxed.cluster, relaxed.job, relaxed.tenant, s.seed).passed).toBe(true);
          }
        }
      }),
      { numRuns: CASES, seed: 20261124 },
    );
    // The generator must exercise both kinds of verdict, or the property says little.
    expect(unplaced).toBeGreaterThan(CASES / 10);
    expect(unresolvable).toBeGreaterThan(CASES / 20);
    expect(unfit).toBeGreaterThan(CASES / 20);
  }, 120_000);
});
