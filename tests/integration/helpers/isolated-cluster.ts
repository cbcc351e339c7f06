/**
 * A test's own GPU cluster in a seeded database: the seeded fleet retired and its unfinished jobs
 * cancelled (their GPU shares dropped), one new cluster of identical eight-GPU nodes in the first
 * seeded cluster's zone, and no tenant limited by GPU or carbon quotas, so only the test's jobs and
 * nodes decide what happens.
 */
import type { Db } from "../../../server/db/client";

export interface IsolatedClusterOptions {
  name: string;
  nodes: number;
  /** Node names are `${nodePrefix}${i}` (default: the cluster name and a dash). */
  nodeName?: (i: number) => string;
  rackOf?: (i: number) => string;
  switchGroup?: string;
  podGroup?: string;
  now: Date;
}

/** Creates the cluster; returns its id, the first tenant and user (by slug and e-mail) and the GPU model of its nodes. */
export async function isolatedCluster(db: Db, options: IsolatedClusterOptions) {
  const seeded = await db.cluster.findFirstOrThrow({ where: { status: "ACTIVE" }, orderBy: { name: "asc" } });
  await db.cluster.updateMany({ data: { status: "RETIRED" } });
  await db.job.updateMany({ where: { status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, data: { status: "CANCELLED", cancelledAt: options.now } });
  await db.gpuShare.deleteMany({});
  const model = (await db.gpuModel.findFirstOrThrow({ orderBy: { id: "asc" } })).id;
  const cluster = await db.cluster.create({
    data: {
      name: options.name,
      region: seeded.region,
      tier: "HUB",
      gridZoneId: seeded.gridZoneId,
      pue: 1.2,
      locationName: "test hall",
      latitude: seeded.latitude,
      longitude: seeded.longitude,
    },
  });
  for (let i = 0; i < options.nodes; i++)
    await db.node.create({
      data: {
        clusterId: cluster.id,
        name: options.nodeName?.(i) ?? `${options.name}-${i}`,
        cpuMilli: 128_000,
        memoryMib: 1_048_576,
        gpuModelId: model,
        gpuCount: 8,
        rackGroup: options.rackOf?.(i) ?? "rack-0",
        switchGroup: options.switchGroup ?? null,
        podGroup: options.podGroup ?? null,
        gpus: { create: Array.from({ length: 8 }, (_, index) => ({ index })) },
      },
    });
  await db.tenantGpuQuota.deleteMany({});
  await db.tenantQuota.updateMany({ data: { maxGpus: 10_000, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null } });
  const tenant = await db.tenant.findFirstOrThrow({ orderBy: { slug: "asc" } });
  const user = await db.user.findFirstOrThrow({ orderBy: { email: "asc" } });
  return { clusterId: cluster.id, tenantId: tenant.id, userId: user.id, model };
}
