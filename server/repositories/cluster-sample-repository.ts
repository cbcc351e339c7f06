/** Cluster samples (allocation and power over time) averaged into equal time buckets in PostgreSQL. */
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";

/** One cluster's averages over one bucket. */
export interface ClusterSampleBucket {
  clusterId: string;
  /** Bucket start. */
  at: Date;
  gpuCapacityMilli: number;
  allocatedGpuMilli: number;
  powerWatts: number;
  runningJobs: number;
  samples: number;
}

/**
 * Samples at or after `from` (of one cluster when `clusterId` is given) averaged per cluster into
 * buckets of `bucketSeconds` aligned on the Unix epoch, oldest first.
 */
export async function readClusterSampleBuckets(db: Db, from: Date, bucketSeconds: number, clusterId?: string): Promise<ClusterSampleBucket[]> {
  const rows = await db.$queryRaw<{ clusterId: string; at: Date; cap: number; alloc: number; power: number; running: number; n: bigint }[]>`SELECT "clusterId",
      date_bin(make_interval(secs => ${bucketSeconds}), at, TIMESTAMP '1970-01-01') AS at,
      avg("gpuCapacityMilli")::float8 AS cap, avg("allocatedGpuMilli")::float8 AS alloc,
      avg("powerWatts")::float8 AS power, avg("runningJobs")::float8 AS running, count(*) AS n
    FROM "ClusterSample"
    WHERE at >= ${from} ${clusterId ? Prisma.sql`AND "clusterId" = ${clusterId}` : Prisma.empty}
    GROUP BY 1, 2 ORDER BY 2, 1`;
  return rows.map((r) => ({
    clusterId: r.clusterId,
    at: r.at,
    gpuCapacityMilli: r.cap,
    allocatedGpuMilli: r.alloc,
    powerWatts: r.power,
    runningJobs: r.running,
    samples: Number(r.n),
  }));
}
