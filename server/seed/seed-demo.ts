/**
 * Writes the demo (fleet, carbon, tenants, people, policy, queued jobs) into an empty database, in
 * one transaction. Deterministic for a given `now`: ids are derived from names and every random
 * choice uses a fixed seed, so tests can reuse it and compare two runs.
 */
import bcrypt from "bcryptjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseOpenbNodes, parseOpenbPods } from "../data/openb-csv";
import type { Db } from "../db/client";
import { demoClusters, demoPolicy, demoStaff, demoTenants, demoPasswords, demoZones } from "./demo-catalog";
import { buildDemoSamples, parseWideHourlyCsv } from "./demo-carbon";
import { buildDemoFleet, parseSpotNodes } from "./demo-fleet";
import { nodeInsertRows } from "../data/cluster-nodes";
import { buildDemoJobs } from "./demo-jobs";
import { seedDemoHistory } from "./demo-history";
import { parseGpuTdpCsv, resolveDemoGpuModels } from "../data/gpu-models";

export interface SeedOptions {
  /** The instant the demo treats as "now" (carbon mapping, job submission times). */
  now: Date;
  /** Folder holding the demo CSVs (data/demo in the repo). */
  dataDir: string;
  jobCount?: number;
  historyHours?: number;
  forecastHours?: number;
  /** Days of completed-job history (0 = none). */
  historyDays?: number;
  /** bcrypt cost; tests lower it to save time. */
  bcryptRounds?: number;
}

export interface SeedSummary {
  clusters: number;
  nodes: number;
  gpus: number;
  samples: number;
  jobs: number;
  users: number;
}

const SEED = 20_260_101;

/** True when the database already holds data (the demo is seeded only once). */
export async function isSeeded(db: Db): Promise<boolean> {
  return (await db.user.count()) > 0;
}

/** Seeds the demo; throws if the database is not empty. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const { now, dataDir } = options;
  const read = (file: string) => readFileSync(join(dataDir, file), "utf8");
  const openb = parseOpenbNodes(read("openb_node_list_all_node.csv"), "openb_node_list_all_node.csv");
  const spot = parseSpotNodes(read("spot_gpu_v2026_node_info_df.csv"), "spot_gpu_v2026_node_info_df.csv");
  const pods = parseOpenbPods(read("openb_pod_list_default.csv"), "openb_pod_list_default.csv");
  const series = parseWideHourlyCsv(
    read("ci_hourly_2023_lca_wide.csv"),
    "ci_hourly_2023_lca_wide.csv",
    demoZones.map((z) => z.id),
  );
  const fleet = buildDemoFleet(demoClusters, openb, spot);
  const samples = buildDemoSamples(series, now, options.historyHours ?? 24 * 30, options.forecastHours ?? 48, SEED);
  const jobs = buildDemoJobs(pods, options.jobCount ?? 60, demoTenants.length, now, SEED + 1);
  const rounds = options.bcryptRounds ?? 10;
  const hash = (password: string) => bcrypt.hashSync(password, rounds);

  const gpuModels = resolveDemoGpuModels(parseGpuTdpCsv(read("gpu_tdp_published.csv"), "gpu_tdp_published.csv")).map((m) => ({
    id: m.id,
    vendor: m.vendor,
    displayName: m.displayName,
    memoryGib: m.memoryGib,
    computeUnits: m.computeUnits,
    idleWatts: m.idleWatts,
    maxWatts: m.maxWatts,
    powerSource: m.powerSource,
    figuresEstimated: m.figuresEstimated,
  }));

  const built = demoClusters.map((cluster) => nodeInsertRows(`cluster-${cluster.name}`, `node-${cluster.name}`, fleet.get(cluster.name) ?? []));
  const nodeRows = built.flatMap((b) => b.nodeRows);
  const gpuRows = built.flatMap((b) => b.gpuRows);

  await db.$transaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) throw new Error("The database already holds data; the demo is seeded only into an empty database.");
      await tx.gridZone.createMany({ data: demoZones.map((z) => ({ id: z.id, name: z.name, annualAverageGCo2ePerKwh: z.annualAverageGCo2ePerKwh })) });
      await tx.gpuModel.createMany({ data: gpuModels });
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
      await tx.node.createMany({ data: nodeRows });
      await tx.gpu.createMany({ data: gpuRows });
      await tx.carbonIntensitySample.createMany({
        data: samples.map((s) => ({
          ...s,
          signalType: "AVERAGE" as const,
          emissionFactorType: "LIFECYCLE" as const,
          provider: "Electricity Maps (2023 data, replayed)",
          source: "data/demo/ci_hourly_2023_lca_wide.csv",
        })),
      });
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
      await tx.user.createMany({
        data: [
          ...demoStaff.map((u) => ({
            id: `user-${u.role.toLowerCase()}`,
            email: u.email,
            name: u.name,
            role: u.role,
            passwordHash: hash(u.password),
            createdAt: now,
          })),
          ...demoTenants.map((t) => ({
            id: `user-${t.slug}`,
            email: t.member.email,
            name: t.member.name,
            role: "TENANT_MEMBER" as const,
            tenantId: `tenant-${t.slug}`,
            passwordHash: hash(demoPasswords.tenant),
            createdAt: now,
          })),
        ],
      });
      await tx.policy.create({
        data: {
          id: "policy-verdant-default-v1",
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
      await seedDemoHistory(tx, {
        now,
        days: options.historyDays ?? 14,
        jobsPerDay: 8,
        seed: SEED + 2,
        pods,
        clusters: demoClusters.map((c) => ({ ...c, id: `cluster-${c.name}` })),
        nodes: nodeRows,
        gpuModels,
        samples,
        zones: demoZones,
        tenants: demoTenants.map((t) => ({
          id: `tenant-${t.slug}`,
          userId: `user-${t.slug}`,
          maxGpus: t.maxGpus,
          carbonBudgetKgPerMonth: t.carbonBudgetKgPerMonth,
        })),
        policy: { id: "policy-verdant-default-v1", version: 1, ...demoPolicy },
      });
      await tx.auditLog.create({
        data: {
          actorId: null,
          action: "demo.seed",
          entityType: "System",
          entityId: "demo",
          after: { clusters: demoClusters.length, nodes: nodeRows.length, gpus: gpuRows.length, jobs: jobs.length },
          at: now,
        },
      });
    },
    { timeout: 180_000, maxWait: 30_000 },
  );
  return {
    clusters: demoClusters.length,
    nodes: nodeRows.length,
    gpus: gpuRows.length,
    samples: samples.length,
    jobs: jobs.length,
    users: demoStaff.length + demoTenants.length,
  };
}
