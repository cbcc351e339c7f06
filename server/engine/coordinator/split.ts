/**
 * Splitting a gang across two linked clusters.
 *
 * Cost model: a split slows the job by a throughput penalty (% of throughput), scaled from the
 * measured reference (70B model over a 12.8 Tbps link between sites 300 km apart lost 0.13 % with
 * pipeline parallelism and 1.95 % with data parallelism):
 *   effectiveKm = max(distanceKm, latencyMs x 200 km/ms)
 *   penaltyPct  = base(parallelism) x (effectiveKm / 300 km) x (12 800 Gbit/s / bandwidthGbps)
 * Distance stands for propagation delay (light in fibre covers about 200 km per ms), so a link whose
 * measured latency is worse than its length explains costs as if it were that much longer. Linear in
 * delay and in 1/bandwidth (transfer time) is our assumption; it reproduces the measured points and
 * grows pessimistically on slower links.
 *
 * When: a split is searched only when the job allows it, the policy allows it, the gang has two or
 * more members and no single cluster can start the job at its earliest start (capacity holds it back).
 * A split is worthwhile when no single cluster can take the job at all, or when it finishes sooner
 * than the best single-cluster start despite the penalty. A link qualifies when it is fast enough,
 * short enough and its penalty is under the policy's threshold. The estimated duration grows by the
 * penalty; both parts start together (the later of their earliest starts) and are not shifted for
 * carbon (a gang needs one start time).
 */
import { bidForJob } from "./agent";
import type { AgentContext, ClusterBid, PlacementOption } from "./agent-types";
import type { Placer } from "../placement/placer";
import type { CoordinatorPolicy, PolicyConstraints } from "./policy";
import type { ClusterLink, FleetCluster, FleetJob, FleetSnapshot } from "./types";
import { isComputeNative } from "./variants";

/** Measured throughput loss at 300 km over 12.8 Tbps, by parallelism (%). */
export const SPLIT_BASE_SLOWDOWN_PCT = { data: 1.95, pipeline: 0.13 } as const;
/** Distance (km) and bandwidth (Gbit/s) of the reference measurement. */
export const SPLIT_REFERENCE = { distanceKm: 300, bandwidthGbps: 12_800 } as const;
/** Light in fibre: kilometres per millisecond of one-way latency. */
export const FIBRE_KM_PER_MS = 200;

/** Filters a part of a split skips: the tenant's limits are checked once for the whole job. */
export const SPLIT_PART_IGNORED_FILTERS = ["tenant-quota", "gpu-hours-quota"] as const;

/** The distance (km) a link costs as: its length, or what its measured latency implies when worse. */
export function effectiveDistanceKm(link: ClusterLink): number {
  return Math.max(link.distanceKm, (link.latencyMs ?? 0) * FIBRE_KM_PER_MS);
}

/** Predicted throughput penalty (%) of a split over `link`. */
export function predictSplitSlowdownPct(link: ClusterLink, parallelism: "data" | "pipeline"): number {
  return SPLIT_BASE_SLOWDOWN_PCT[parallelism] * (effectiveDistanceKm(link) / SPLIT_REFERENCE.distanceKm) * (SPLIT_REFERENCE.bandwidthGbps / link.bandwidthGbps);
}

/** One policy check of a link: the link's value against the policy's limit (a minimum for bandwidth, a maximum otherwise). */
export interface LinkCheck {
  readonly check: "bandwidth" | "distance" | "slowdown";
  readonly value: number;
  readonly limit: number;
  readonly ok: boolean;
}

/** A link's verdict for one job: the penalty and every check with its numbers. */
export interface LinkVerdict {
  readonly ok: boolean;
  readonly slowdownPct: number;
  readonly checks: readonly LinkCheck[];
}

/** Whether a link qualifies for a split under the policy, with the numbers of each check. */
export function linkVerdict(link: ClusterLink, parallelism: "data" | "pipeline", c: PolicyConstraints): LinkVerdict {
  const slowdownPct = predictSplitSlowdownPct(link, parallelism);
  const checks: LinkCheck[] = [
    { check: "bandwidth", value: link.bandwidthGbps, limit: c.minSplitLinkGbps, ok: link.bandwidthGbps >= c.minSplitLinkGbps },
    { check: "distance", value: link.distanceKm, limit: c.maxSplitDistanceKm, ok: link.distanceKm <= c.maxSplitDistanceKm },
    { check: "slowdown", value: slowdownPct, limit: c.maxSplitSlowdownPct, ok: slowdownPct <= c.maxSplitSlowdownPct },
  ];
  return { ok: checks.every((x) => x.ok), slowdownPct, checks };
}

/** A feasible split: two bids (each a sub-gang) on linked clusters. */
export interface SplitOption {
  readonly link: ClusterLink;
  readonly slowdownPct: number;
  readonly parts: readonly [ClusterBid, ClusterBid];
  readonly membersPerPart: readonly [number, number];
  readonly startMs: number;
  readonly endMs: number;
}

/** Why a split was searched and kept: no single cluster can take the job, or the split finishes sooner. */
export type SplitWhy = { readonly kind: "no-whole-cluster" } | { readonly kind: "finishes-sooner"; readonly wholeStartMs: number; readonly wholeEndMs: number };

/** The split search's result: worthwhile splits (best first after scoring) and every link with its verdict. */
export interface SplitSearch {
  readonly why: SplitWhy;
  readonly options: SplitOption[];
  readonly linksConsidered: { link: ClusterLink; verdict: LinkVerdict }[];
}

/** Both parts of a split over one link, trying the most members on `first` first; null when none starts together. */
function splitOver(
  snapshot: FleetSnapshot,
  job: FleetJob,
  placers: readonly Placer[],
  ctx: AgentContext,
  pair: readonly [number, number],
  durationS: number,
): { parts: [ClusterBid, ClusterBid]; members: [number, number]; startMs: number } | null {
  const part = (i: number, members: number, earliestStartMs: number | null | undefined) =>
    bidForJob(
      placers[i] as Placer,
      snapshot.clusters[i] as FleetCluster,
      i,
      { ...job, gangSize: members, estimatedDurationS: durationS, allowSplit: false, earliestStartMs },
      ctx,
    );
  const [first, second] = pair;
  for (let k = job.gangSize - 1; k >= Math.ceil(job.gangSize / 2); k--) {
    let a = part(first, k, job.earliestStartMs);
    let b = part(second, job.gangSize - k, job.earliestStartMs);
    if (!a.option || !b.option) continue;
    const start = Math.max(a.option.startMs, b.option.startMs);
    if (a.option.startMs !== start) a = part(first, k, start);
    if (b.option?.startMs !== start) b = part(second, job.gangSize - k, start);
    if (a.option?.startMs !== start || b.option?.startMs !== start) continue;
    return { parts: [a, b], members: [k, job.gangSize - k], startMs: start };
  }
  return null;
}

/**
 * Finds every qualifying split over the snapshot's links. With `why` "finishes-sooner" only splits
 * ending before the whole job's best end are kept (a split that gains nothing is not worth its penalty).
 */
export function findSplits(snapshot: FleetSnapshot, job: FleetJob, placers: readonly Placer[], ctx: AgentContext, why: SplitWhy): SplitSearch {
  const parallelism = job.splitParallelism ?? "data";
  const index = new Map(snapshot.clusters.map((c, i) => [c.id, i]));
  const options: SplitOption[] = [];
  const linksConsidered: { link: ClusterLink; verdict: LinkVerdict }[] = [];
  const noDefer: AgentContext = {
    ...ctx,
    ignoreFilters: new Set([...(ctx.ignoreFilters ?? []), ...SPLIT_PART_IGNORED_FILTERS]),
    policy: { ...ctx.policy, constraints: { ...ctx.policy.constraints, maxDeferralHours: 0 } },
  };
  const links = [...snapshot.links].sort((x, y) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
  for (const link of links) {
    const ia = index.get(link.a);
    const ib = index.get(link.b);
    if (ia === undefined || ib === undefined) continue;
    const verdict = linkVerdict(link, parallelism, ctx.policy.constraints);
    linksConsidered.push({ link, verdict });
    if (!verdict.ok) continue;
    const durationS = Math.round(job.estimatedDurationS * (1 + verdict.slowdownPct / 100));
    for (const pair of [
      [ia, ib],
      [ib, ia],
    ] as const) {
      const found = splitOver(snapshot, job, placers, noDefer, pair, durationS);
      if (!found) continue;
      const endMs = found.startMs + durationS * 1000;
      if (why.kind === "finishes-sooner" && endMs >= why.wholeEndMs) continue;
      options.push({ link, slowdownPct: verdict.slowdownPct, parts: found.parts, membersPerPart: found.members, startMs: found.startMs, endMs });
    }
  }
  return { why, options, linksConsidered };
}

/** The job and the policy both allow a split, links exist, and the job is a gang of whole-request members. */
export function splitAllowed(snapshot: FleetSnapshot, job: FleetJob, policy: CoordinatorPolicy): boolean {
  return job.allowSplit && policy.constraints.allowSplitAcrossClusters && job.gangSize >= 2 && !isComputeNative(job) && snapshot.links.length > 0;
}

/**
 * The tenant's limits for the whole job (the parts of a split skip the quota filters, which would see
 * only their own members): GPUs held at once and GPU-hours this month.
 */
export function withinTenantLimits(job: FleetJob, ctx: AgentContext): boolean {
  const t = ctx.tenant;
  if (!t) return true;
  const gpus = (job.gpuCount * job.gpuMilliPerGpu * job.gangSize) / 1000;
  const gpusOk = ctx.ignoreFilters?.has("tenant-quota") || t.gpusInUse + gpus <= t.maxGpus;
  const hoursOk =
    ctx.ignoreFilters?.has("gpu-hours-quota") ||
    t.maxGpuHoursPerMonth == null ||
    (t.gpuHoursUsedThisMonth ?? 0) + (gpus * job.estimatedDurationS) / 3600 <= t.maxGpuHoursPerMonth;
  return gpusOk && hoursOk;
}

/**
 * Why a split is worth searching: no single cluster can take the job, or none can start it at its
 * earliest start (then a split must finish before the best single-cluster end). Null when a single
 * cluster starts it as early as the job allows.
 */
export function splitWhy(candidates: readonly { readonly bids: readonly ClusterBid[] }[], job: FleetJob, nowMs: number): SplitWhy | null {
  if (candidates.length === 0) return { kind: "no-whole-cluster" };
  const jobStart = Math.max(nowMs, job.earliestStartMs ?? nowMs);
  const options = candidates.map((c) => c.bids[0]?.option).filter((o): o is PlacementOption => !!o);
  if (options.length === 0 || options.some((o) => o.earliestStartMs <= jobStart)) return null;
  const best = options.reduce((x, y) => (y.endMs < x.endMs ? y : x));
  return { kind: "finishes-sooner", wholeStartMs: best.startMs, wholeEndMs: best.endMs };
}
