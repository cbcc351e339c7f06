/**
 * Splitting a gang across two linked clusters, for a training job that fits no single cluster.
 * Predicted slowdown (% of throughput), scaled from the seed measurement (70B model, 12.8 Tbps link,
 * 300 km: pipeline parallel lost 0.13%, data parallel 1.95%):
 *   slowdownPct = base(parallelism) x (distanceKm / 300) x (12800 / bandwidthGbps)
 * Linear in distance (propagation delay) and in 1/bandwidth (transfer time) is our assumption; it
 * reproduces the measured points and grows pessimistically on slower links.
 * The estimated duration grows by the slowdown; both parts start together (the later of their
 * earliest starts) and are not shifted for carbon (a gang needs one start time).
 */
import { bidForJob } from "./agent";
import type { AgentContext, ClusterBid } from "./agent-types";
import type { Placer } from "../placement/placer";
import type { PolicyConstraints } from "./policy";
import type { ClusterLink, FleetCluster, FleetJob, FleetSnapshot } from "./types";

/** Seed-measured throughput loss at 300 km over 12.8 Tbps, by parallelism (%). */
export const SPLIT_BASE_SLOWDOWN_PCT = { data: 1.95, pipeline: 0.13 } as const;

/** Predicted slowdown (%) of a split over `link`. */
export function predictSplitSlowdownPct(link: ClusterLink, parallelism: "data" | "pipeline"): number {
  return SPLIT_BASE_SLOWDOWN_PCT[parallelism] * (link.distanceKm / 300) * (12_800 / link.bandwidthGbps);
}

/** Why a link qualifies or not, with numbers. */
export function linkVerdict(link: ClusterLink, parallelism: "data" | "pipeline", c: PolicyConstraints) {
  const slowdownPct = predictSplitSlowdownPct(link, parallelism);
  const problems: string[] = [];
  if (link.bandwidthGbps < c.minSplitLinkGbps) problems.push(`link ${link.bandwidthGbps} Gbps < ${c.minSplitLinkGbps} Gbps`);
  if (link.distanceKm > c.maxSplitDistanceKm) problems.push(`distance ${link.distanceKm} km > ${c.maxSplitDistanceKm} km`);
  if (slowdownPct > c.maxSplitSlowdownPct) problems.push(`predicted slowdown ${slowdownPct.toFixed(2)}% > ${c.maxSplitSlowdownPct}%`);
  return { ok: problems.length === 0, slowdownPct, problems };
}

/** A feasible split: two bids (each a sub-gang) on linked clusters. */
export interface SplitOption {
  readonly link: ClusterLink;
  readonly slowdownPct: number;
  readonly parts: readonly [ClusterBid, ClusterBid];
  readonly membersPerPart: readonly [number, number];
  readonly startMs: number;
}

/** The split search's result: qualifying splits and every link with its verdict. */
export interface SplitSearch {
  readonly options: SplitOption[];
  readonly linksConsidered: { link: ClusterLink; ok: boolean; slowdownPct: number; problems: string[] }[];
}

/** Finds every qualifying split, trying the most members on the first cluster of the pair first. */
export function findSplits(snapshot: FleetSnapshot, job: FleetJob, placers: readonly Placer[], ctx: AgentContext): SplitSearch {
  const parallelism = job.splitParallelism ?? "data";
  const index = new Map(snapshot.clusters.map((c, i) => [c.id, i]));
  const options: SplitOption[] = [];
  const linksConsidered: { link: ClusterLink; ok: boolean; slowdownPct: number; problems: string[] }[] = [];
  const noDefer: AgentContext = {
    ...ctx,
    ignoreFilters: new Set([...(ctx.ignoreFilters ?? []), "tenant-quota"]),
    policy: { ...ctx.policy, constraints: { ...ctx.policy.constraints, maxDeferralHours: 0 } },
  };
  const links = [...snapshot.links].sort((x, y) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
  for (const link of links) {
    const ia = index.get(link.a);
    const ib = index.get(link.b);
    if (ia === undefined || ib === undefined) continue;
    const verdict = linkVerdict(link, parallelism, ctx.policy.constraints);
    linksConsidered.push({ link, ...verdict });
    if (!verdict.ok) continue;
    const durationS = Math.round(job.estimatedDurationS * (1 + verdict.slowdownPct / 100));
    const part = (i: number, members: number, earliestStartMs: number | null | undefined) =>
      bidForJob(
        placers[i] as Placer,
        snapshot.clusters[i] as FleetCluster,
        i,
        { ...job, gangSize: members, estimatedDurationS: durationS, allowSplit: false, earliestStartMs },
        noDefer,
      );
    for (const [first, second] of [
      [ia, ib],
      [ib, ia],
    ] as const) {
      for (let k = job.gangSize - 1; k >= Math.ceil(job.gangSize / 2); k--) {
        let a = part(first, k, job.earliestStartMs);
        let b = part(second, job.gangSize - k, job.earliestStartMs);
        if (!a.option || !b.option) continue;
        const start = Math.max(a.option.startMs, b.option.startMs);
        if (a.option.startMs !== start) a = part(first, k, start);
        if (b.option?.startMs !== start) b = part(second, job.gangSize - k, start);
        if (a.option?.startMs !== start || b.option?.startMs !== start) continue;
        options.push({ link, slowdownPct: verdict.slowdownPct, parts: [a, b], membersPerPart: [k, job.gangSize - k], startMs: start });
        break;
      }
    }
  }
  return { options, linksConsidered };
}
