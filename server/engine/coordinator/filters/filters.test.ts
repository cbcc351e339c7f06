import { describe, expect, it } from "vitest";
import { createPlacer } from "../../placement/placer";
import { VERDANT_POLICY } from "../../placement/policy";
import type { AgentContext } from "../agent-types";
import { jobWindow } from "../job-window";
import { DEFAULT_COORDINATOR_POLICY } from "../policy";
import { CATALOG, cluster, job, nodes, T0_MS, WORKLOAD, ZONES } from "../test-fixtures";
import type { FleetCluster, FleetJob, TenantUsage } from "../types";
import { variantsFor } from "../variants";
import { capacityFilter } from "./capacity";
import { carbonBudgetFilter } from "./carbon-budget";
import { carbonDataFilter } from "./carbon-data";
import { clusterReachableFilter } from "./cluster-reachable";
import { clusterStatusFilter } from "./cluster-status";
import { cohortQuotaFilter } from "./cohort-quota";
import { deadlineFilter } from "./deadline";
import { gpuHoursQuotaFilter } from "./gpu-hours-quota";
import { gpuModelFilter } from "./gpu-model";
import { regionFilter } from "./region";
import { CLUSTER_FILTERS } from "./registry";
import { tenantQuotaFilter } from "./tenant-quota";
import { tierFilter } from "./tier";
import type { ClusterFilterPlugin, FilterResult } from "./types";
import { zoneFilter } from "./zone";

const H = 3_600_000;
const base = cluster("c", { region: "eu", zone: "NO", specs: nodes("n", 2, "A100"), series: ZONES.hydro() });
const tenant = (over: Partial<TenantUsage> = {}): TenantUsage => ({
  tenant: "acme",
  maxGpus: 8,
  gpusInUse: 0,
  carbonBudgetKgPerMonth: null,
  carbonUsedKgThisMonth: 0,
  ...over,
});
const ctxOf = (t: TenantUsage | null = null, honor = true): AgentContext => ({
  nowMs: T0_MS,
  policy: { ...DEFAULT_COORDINATOR_POLICY, constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, honorCarbonBudget: honor } },
  catalog: new Map(CATALOG.map((m) => [m.id, m])),
  tenant: t,
  seed: 1,
});

/** Runs one filter at its stage with the inputs the agent would give it. */
function run(
  plugin: ClusterFilterPlugin,
  c: FleetCluster,
  j: FleetJob,
  ctx: AgentContext,
  extra: { placed?: boolean; emissionsKg?: number } = {},
): FilterResult | null {
  const variants = variantsFor(j, c.state, ctx.catalog);
  if (plugin.stage === "cluster") return plugin.check({ cluster: c, job: j, ctx, variants });
  const variant = variants[0];
  if (!variant) throw new Error("no variant");
  const window = jobWindow(j, variant.durationS, ctx);
  if (plugin.stage === "variant") return plugin.check({ cluster: c, job: j, ctx, variant, window });
  if (plugin.stage === "option") return plugin.check({ cluster: c, job: j, ctx, variant, window, emissionsKg: extra.emissionsKg ?? 0 });
  const placer = createPlacer({ policy: VERDANT_POLICY, workload: WORKLOAD });
  const placement = extra.placed ? { startMs: window.earliestMs, state: c.state, decision: placer.place(c.state, variant.request, { seed: 1 }) } : null;
  return plugin.check({ cluster: c, job: j, ctx, variant, window, placement, placer, seed: 1 });
}

const cases: {
  name: string;
  plugin: ClusterFilterPlugin;
  cluster?: FleetCluster;
  job?: FleetJob;
  ctx?: AgentContext;
  extra?: { placed?: boolean; emissionsKg?: number };
  expected: FilterResult | null;
}[] = [
  { name: "active cluster passes", plugin: clusterStatusFilter, expected: { verdict: "pass", reasons: [] } },
  {
    name: "draining cluster is unfit",
    plugin: clusterStatusFilter,
    cluster: { ...base, status: "draining" },
    expected: { verdict: "unfit", reasons: [{ code: "CLUSTER_NOT_ACTIVE", resource: "cluster", subject: "draining" }] },
  },
  {
    name: "retired cluster is unresolvable",
    plugin: clusterStatusFilter,
    cluster: { ...base, status: "retired" },
    expected: { verdict: "unfit-unresolvable", reasons: [{ code: "CLUSTER_NOT_ACTIVE", resource: "cluster", subject: "retired" }] },
  },
  { name: "reachable cluster is not recorded", plugin: clusterReachableFilter, expected: null },
  {
    name: "unreachable cluster is unfit with the worker's reason",
    plugin: clusterReachableFilter,
    cluster: { ...base, reachable: false, unreachableReason: "breaker open" },
    expected: { verdict: "unfit", reasons: [{ code: "CLUSTER_UNREACHABLE", resource: "cluster", subject: "breaker open" }] },
  },
  { name: "any region passes", plugin: regionFilter, expected: { verdict: "pass", reasons: [] } },
  {
    name: "region outside the allowed list is unresolvable",
    plugin: regionFilter,
    job: job({ allowedRegions: ["us"] }),
    expected: { verdict: "unfit-unresolvable", reasons: [{ code: "REGION_NOT_ALLOWED", resource: "region", subject: "eu" }] },
  },
  { name: "zone applies only when named", plugin: zoneFilter, expected: null },
  {
    name: "zone outside the allowed list",
    plugin: zoneFilter,
    job: job({ allowedZones: ["DE"] }),
    expected: { verdict: "unfit-unresolvable", reasons: [{ code: "ZONE_NOT_ALLOWED", resource: "zone", subject: "NO" }] },
  },
  { name: "tier allowed", plugin: tierFilter, job: job({ allowedTiers: ["hub"] }), expected: { verdict: "pass", reasons: [] } },
  {
    name: "tier not allowed",
    plugin: tierFilter,
    job: job({ allowedTiers: ["edge"] }),
    expected: { verdict: "unfit-unresolvable", reasons: [{ code: "TIER_NOT_ALLOWED", resource: "tier", subject: "hub" }] },
  },
  { name: "model present", plugin: gpuModelFilter, job: job({ allowedGpuModels: ["A100"] }), expected: { verdict: "pass", reasons: [] } },
  {
    name: "model absent (model-based)",
    plugin: gpuModelFilter,
    job: job({ allowedGpuModels: ["H100"] }),
    expected: { verdict: "unfit-unresolvable", reasons: [{ code: "GPU_MODEL_ABSENT", resource: "gpu-model", subject: "H100" }] },
  },
  {
    name: "no qualifying model (compute-native, too little memory per GPU)",
    plugin: gpuModelFilter,
    job: job({ computeUnits: 2, minGpuMemoryGib: 100, gpuCount: 0 }),
    expected: { verdict: "unfit-unresolvable", reasons: [{ code: "GPU_MODEL_ABSENT", resource: "gpu-model" }] },
  },
  {
    name: "quota: room left",
    plugin: tenantQuotaFilter,
    job: job({ gpuCount: 4 }),
    ctx: ctxOf(tenant({ gpusInUse: 4 })),
    expected: { verdict: "pass", reasons: [] },
  },
  {
    name: "quota: over while others run (unfit)",
    plugin: tenantQuotaFilter,
    job: job({ gpuCount: 4 }),
    ctx: ctxOf(tenant({ gpusInUse: 6 })),
    expected: { verdict: "unfit", reasons: [{ code: "TENANT_GPU_QUOTA", resource: "quota", unit: "gpus", requested: 4, available: 2, limit: 8 }] },
  },
  {
    name: "quota: the job alone exceeds it (unresolvable)",
    plugin: tenantQuotaFilter,
    job: job({ gpuCount: 8, gangSize: 2 }),
    ctx: ctxOf(tenant()),
    expected: {
      verdict: "unfit-unresolvable",
      reasons: [{ code: "TENANT_GPU_QUOTA", resource: "quota", unit: "gpus", requested: 16, available: 8, limit: 8 }],
    },
  },
  { name: "quota: no tenant, not recorded", plugin: tenantQuotaFilter, expected: null },
  // GPU-hours: job() runs 1 GPU for 3 h = 3 GPU-hours per member.
  { name: "GPU-hours: tenant without an allowance, not recorded", plugin: gpuHoursQuotaFilter, ctx: ctxOf(tenant()), expected: null },
  { name: "GPU-hours: no tenant, not recorded", plugin: gpuHoursQuotaFilter, expected: null },
  {
    name: "GPU-hours: exactly up to the allowance passes",
    plugin: gpuHoursQuotaFilter,
    job: job({ gpuCount: 2, gangSize: 2 }),
    ctx: ctxOf(tenant({ maxGpuHoursPerMonth: 100, gpuHoursUsedThisMonth: 88 })),
    expected: { verdict: "pass", reasons: [] },
  },
  {
    name: "GPU-hours: used plus the job's 12 over the allowance (unfit, the month rolls over)",
    plugin: gpuHoursQuotaFilter,
    job: job({ gpuCount: 2, gangSize: 2 }),
    ctx: ctxOf(tenant({ maxGpuHoursPerMonth: 100, gpuHoursUsedThisMonth: 95 })),
    expected: {
      verdict: "unfit",
      reasons: [{ code: "TENANT_GPU_HOURS_QUOTA", resource: "quota", unit: "gpuHours", requested: 12, available: 5, limit: 100 }],
    },
  },
  {
    name: "GPU-hours: already over the allowance, available is negative",
    plugin: gpuHoursQuotaFilter,
    job: job({ gpuMilliPerGpu: 500 }),
    ctx: ctxOf(tenant({ maxGpuHoursPerMonth: 10, gpuHoursUsedThisMonth: 12 })),
    expected: {
      verdict: "unfit",
      reasons: [{ code: "TENANT_GPU_HOURS_QUOTA", resource: "quota", unit: "gpuHours", requested: 1.5, available: -2, limit: 10 }],
    },
  },
  {
    name: "GPU-hours: the job alone exceeds the allowance (unresolvable)",
    plugin: gpuHoursQuotaFilter,
    job: job({ gpuCount: 8, estimatedDurationS: 10 * 3600 }),
    ctx: ctxOf(tenant({ maxGpuHoursPerMonth: 50, gpuHoursUsedThisMonth: 0 })),
    expected: {
      verdict: "unfit-unresolvable",
      reasons: [{ code: "TENANT_GPU_HOURS_QUOTA", resource: "quota", unit: "gpuHours", requested: 80, available: 50, limit: 50 }],
    },
  },
  { name: "deadline reachable is not recorded", plugin: deadlineFilter, job: job({ deadlineMs: T0_MS + 4 * H }), expected: null },
  {
    name: "deadline too close: shortfall in seconds",
    plugin: deadlineFilter,
    job: job({ deadlineMs: T0_MS + 2 * H }),
    expected: {
      verdict: "unfit-unresolvable",
      reasons: [{ code: "DEADLINE_UNREACHABLE", resource: "deadline", unit: "s", requested: 3 * 3600, available: 2 * 3600 }],
    },
  },
  { name: "carbon data covers the run", plugin: carbonDataFilter, expected: null },
  {
    name: "carbon data ends before the run does",
    plugin: carbonDataFilter,
    cluster: { ...base, series: ZONES.hydro(2) },
    expected: {
      verdict: "unfit",
      reasons: [{ code: "CARBON_SERIES_NOT_COVERING", resource: "carbon-data", unit: "epochMs", requested: T0_MS, subject: "NO" }],
    },
  },
  { name: "capacity: placed", plugin: capacityFilter, extra: { placed: true }, expected: { verdict: "pass", reasons: [] } },
  {
    name: "capacity: more CPU than any node has (unresolvable, hardware numbers)",
    plugin: capacityFilter,
    job: job({ cpuMilli: 200_000 }),
    expected: {
      verdict: "unfit-unresolvable",
      reasons: [{ code: "INSUFFICIENT_CPU", resource: "cpu", unit: "milliCpu", requested: 200_000, available: 128_000, capacity: 128_000 }],
    },
  },
  {
    name: "capacity: GPUs busy now (unfit, free numbers)",
    plugin: capacityFilter,
    cluster: cluster("c", { region: "eu", zone: "NO", specs: nodes("n", 2, "A100"), busyGpus: 6, series: ZONES.hydro() }),
    job: job({ gpuCount: 4 }),
    expected: { verdict: "unfit", reasons: [{ code: "INSUFFICIENT_GPUS", resource: "gpu-count", unit: "gpus", requested: 4, available: 2, capacity: 8 }] },
  },
  {
    name: "cohort quota: borrowing above nominal (pass with the borrowed GPUs)",
    plugin: cohortQuotaFilter,
    ctx: {
      ...ctxOf(tenant({ modelQuotas: [{ gpuModel: "A100", nominalGpus: 1, borrowingLimitGpus: 4, lendingLimitGpus: null, gpusInUse: 0 }] })),
      cohort: [
        tenant({ modelQuotas: [{ gpuModel: "A100", nominalGpus: 1, borrowingLimitGpus: 4, lendingLimitGpus: null, gpusInUse: 0 }] }),
        tenant({ tenant: "lender", modelQuotas: [{ gpuModel: "A100", nominalGpus: 6, borrowingLimitGpus: null, lendingLimitGpus: 3, gpusInUse: 1 }] }),
      ],
    },
    job: job({ gpuCount: 2 }),
    extra: { placed: true },
    expected: {
      verdict: "pass",
      reasons: [{ code: "COHORT_BORROWING", resource: "quota", unit: "gpus", requested: 1, available: 3, limit: 4, subject: "A100" }],
    },
  },
  {
    name: "cohort quota: nobody to borrow from (unresolvable, numbers of the cohort)",
    plugin: cohortQuotaFilter,
    ctx: ctxOf(tenant({ modelQuotas: [{ gpuModel: "A100", nominalGpus: 1, borrowingLimitGpus: 4, lendingLimitGpus: null, gpusInUse: 0 }] })),
    job: job({ gpuCount: 2 }),
    extra: { placed: true },
    expected: {
      verdict: "unfit-unresolvable",
      reasons: [{ code: "COHORT_QUOTA", resource: "quota", unit: "gpus", requested: 2, available: 1, limit: 1, capacity: 1, subject: "A100" }],
    },
  },
  { name: "cohort quota: no quota rows, not recorded", plugin: cohortQuotaFilter, ctx: ctxOf(tenant()), extra: { placed: true }, expected: null },
  {
    name: "budget: not honoured, not recorded",
    plugin: carbonBudgetFilter,
    ctx: ctxOf(tenant({ carbonBudgetKgPerMonth: 1 }), false),
    extra: { emissionsKg: 5 },
    expected: null,
  },
  {
    name: "budget: within",
    plugin: carbonBudgetFilter,
    ctx: ctxOf(tenant({ carbonBudgetKgPerMonth: 10, carbonUsedKgThisMonth: 4 })),
    extra: { emissionsKg: 5 },
    expected: { verdict: "pass", reasons: [] },
  },
  {
    name: "budget: over this month (unfit)",
    plugin: carbonBudgetFilter,
    ctx: ctxOf(tenant({ carbonBudgetKgPerMonth: 10, carbonUsedKgThisMonth: 8 })),
    extra: { emissionsKg: 5 },
    expected: { verdict: "unfit", reasons: [{ code: "CARBON_BUDGET", resource: "carbon-budget", unit: "kgCo2e", requested: 5, available: 2, limit: 10 }] },
  },
  {
    name: "budget: the job alone exceeds it (unresolvable)",
    plugin: carbonBudgetFilter,
    ctx: ctxOf(tenant({ carbonBudgetKgPerMonth: 4 })),
    extra: { emissionsKg: 5 },
    expected: {
      verdict: "unfit-unresolvable",
      reasons: [{ code: "CARBON_BUDGET", resource: "carbon-budget", unit: "kgCo2e", requested: 5, available: 4, limit: 4 }],
    },
  },
];

describe("cluster filter plugins", () => {
  it.each(cases)("$plugin.name: $name", ({ plugin, cluster: c, job: j, ctx, extra, expected }) => {
    expect(run(plugin, c ?? base, j ?? job(), ctx ?? ctxOf(), extra)).toEqual(expected);
  });

  it("every registered filter has a case above, and names are unique", () => {
    const names = CLUSTER_FILTERS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(cases.map((c) => c.plugin.name))).toEqual(new Set(names));
  });
});
