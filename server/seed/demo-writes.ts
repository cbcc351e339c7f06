/**
 * The demo's rows, one group per function, written inside the seed's transaction: the catalog (grid
 * zones, GPU models, clusters, nodes, GPUs, carbon samples), tenants and people, the policy, and the
 * queued jobs.
 */
import { SYNTHETIC_DEMO_PROVIDER, SYNTHETIC_DEMO_SOURCE } from "../carbon-feeds/synthetic";
import { demoClusters, demoPasswords, demoPolicy, demoStaff, demoTenants, demoZones } from "./demo-catalog";
import type { DbTx } from "./demo-history-write";
import type { DemoInputs } from "./demo-inputs";

/** The id of the demo's first policy version. */
export const DEMO_POLICY_ID = "policy-verdant-default-v1";

/** Grid zones, GPU models, clusters, nodes, GPUs and carbon samples. */
export async function writeDemoCatalog(tx: DbTx, inputs: DemoInputs, now: Date): Promise<void> {
  await tx.gridZone.createMany({ data: demoZones.map((z) => ({ id: z.id, name: z.name, annualAverageGCo2ePerKwh: z.annualAverageGCo2ePerKwh })) });
  await tx.gpuModel.createMany({ data: inputs.gpuModels });
  await tx.cluster.createMany({
    data: demoClusters.map((c) => ({
      id: `cluster-${c.name}`,
      name: c.name,
      region: c.region,
      tier: c.tier,
      gridZoneId: c.zoneId,
      pue: c.pue,
      locationName: c.locationName,
      latitude: c.latitude,
      longitude: c.longitude,
      createdAt: now,
      updatedAt: now,
    })),
  });
  await tx.node.createMany({ data: inputs.nodeRows });
  await tx.gpu.createMany({ data: inputs.gpuRows });
  await tx.carbonIntensitySample.createMany({
    data: inputs.samples.map((s) => ({
      ...s,
      signalType: "AVERAGE" as const,
      emissionFactorType: "LIFECYCLE" as const,
      // The demo's forecasts are the replayed value times noise: labelled synthetic, not a provider's forecast.
      provider: s.kind === "FORECAST" ? SYNTHETIC_DEMO_PROVIDER : "Electricity Maps (2023 data, replayed)",
      source: s.kind === "FORECAST" ? SYNTHETIC_DEMO_SOURCE : "data/demo/ci_hourly_2023_lca_wide.csv",
    })),
  });
}

/** Tenants with their quotas, the staff and one member per tenant. */
export async function writeDemoPeople(tx: DbTx, now: Date, hash: (password: string) => string): Promise<void> {
  await tx.tenant.createMany({ data: demoTenants.map((t) => ({ id: `tenant-${t.slug}`, slug: t.slug, name: t.name, createdAt: now })) });
  await tx.tenantQuota.createMany({
    data: demoTenants.map((t) => ({
      tenantId: `tenant-${t.slug}`,
      maxGpus: t.maxGpus,
      maxGpuHoursPerMonth: t.maxGpuHoursPerMonth,
      carbonBudgetKgPerMonth: t.carbonBudgetKgPerMonth,
      updatedAt: now,
    })),
  });
  const staff = demoStaff.map((u) => ({
    id: `user-${u.role.toLowerCase()}`,
    email: u.email,
    name: u.name,
    role: u.role,
    passwordHash: hash(u.password),
    createdAt: now,
  }));
  const members = demoTenants.map((t) => ({
    id: `user-${t.slug}`,
    email: t.member.email,
    name: t.member.name,
    role: "TENANT_MEMBER" as const,
    tenantId: `tenant-${t.slug}`,
    passwordHash: hash(demoPasswords.tenant),
    createdAt: now,
  }));
  await tx.user.createMany({ data: [...staff, ...members] });
}

/** The active placement policy, version 1. */
export async function writeDemoPolicy(tx: DbTx, now: Date): Promise<void> {
  await tx.policy.create({
    data: {
      id: DEMO_POLICY_ID,
      name: demoPolicy.name,
      version: 1,
      objectiveWeights: demoPolicy.objectiveWeights,
      constraints: demoPolicy.constraints,
      active: true,
      note: "Initial demo policy",
      createdById: "user-admin",
      createdAt: now,
    },
  });
}

/** The queued jobs the worker schedules after the start. */
export async function writeDemoQueue(tx: DbTx, jobs: DemoInputs["jobs"]): Promise<void> {
  await tx.job.createMany({
    data: jobs.map(({ tenantIndex, ...job }, i) => {
      const tenant = demoTenants[tenantIndex]!;
      return {
        id: `job-seed-${String(i).padStart(3, "0")}`,
        ...job,
        tenantId: `tenant-${tenant.slug}`,
        submittedById: `user-${tenant.slug}`,
        allowedRegions: [],
      };
    }),
  });
}
