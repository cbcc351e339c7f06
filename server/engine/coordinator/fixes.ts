/**
 * Smallest changes that would let an unschedulable job run, each checked by deciding again on the same
 * snapshot with one thing changed (through the `rerun` the coordinator hands in, so this module never
 * imports the coordinator). Tried in this order, our ranking of how small a change is for the tenant:
 * only time (a later deadline; the month's GPU-hours renewing, or a run short enough for what is
 * left of them), another GPU model, a smaller request (the CPU, memory or GPU share the
 * clusters' reasons name, lowered to what the closest cluster has; fewer GPUs per member; fewer
 * members; a gang spread over racks; less compute), a split, another region, and last a quota raise
 * (needs an admin). Each kind reports its smallest working value; the kinds tried are returned too, so
 * "nothing helps" is said only of what was actually tried.
 */
import type { DecisionRun, Rerun } from "./decision-run";
import type { FixSuggestion } from "./explanation-schema";
import type { ClusterReason } from "./reasons";
import type { FleetJob } from "./types";
import { isComputeNative } from "./variants";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
const cores = (milli: number) => `${Math.round(milli / 10) / 100} CPU cores`;
const gib = (mib: number) => `${Math.round((mib / 1024) * 100) / 100} GiB`;

/** Kinds of change the search tries (in order). */
export type FixKind = FixSuggestion["change"];

/** What the search found and what it tried. */
export interface FixSearch {
  readonly fixes: FixSuggestion[];
  readonly tried: FixKind[];
}

/** Where a changed job would start: the cluster ids (data), their names (for sentences) and the start. */
interface Fit {
  readonly clusterId: string;
  readonly where: string;
  readonly startMs: number;
}

/** Decides the changed job again; the best candidate's clusters and start, or null when it still does not fit. */
function firstFit(rerun: Rerun, job: FleetJob, overrides: Parameters<Rerun>[1] = {}, policy?: Parameters<Rerun>[2]): Fit | null {
  const r = rerun(job, overrides, policy);
  const c = r.candidates[0];
  if (!c) return null;
  // Ids are data (clusterId); sentences name clusters by their names.
  return {
    clusterId: c.bids.map((b) => b.cluster.id).join("+"),
    where: c.bids.map((b) => b.cluster.name).join(" + "),
    startMs: Math.max(...c.bids.map((b) => b.option?.startMs ?? 0)),
  };
}

/** A suggestion of the given kind at the fit's clusters and start (`value` only for kinds with a number). */
function suggestion(change: FixKind, description: string, f: Fit, value?: number): FixSuggestion {
  const base = { change, description, clusterId: f.clusterId, startMs: f.startMs };
  return value === undefined ? base : { ...base, value };
}

/** The first value (in the order given) whose changed job fits, with its fit; later values are not tried. */
function firstWorking<T>(values: readonly T[], attempt: (value: T) => Fit | null): { value: T; fit: Fit } | null {
  for (const value of values) {
    const fit = attempt(value);
    if (fit) return { value, fit };
  }
  return null;
}

/** from-1, from-2, ..., 1 (the smaller counts to try, closest to the request first). */
function countsBelow(from: number): number[] {
  const out: number[] = [];
  for (let n = from - 1; n >= 1; n--) out.push(n);
  return out;
}

const SHAPE_CODES = new Set(["INSUFFICIENT_CPU", "INSUFFICIENT_MEMORY", "NO_GPU_WITH_ENOUGH_SHARE"]);

/** Per rejected cluster, the request lowered to what its shape reasons name; smallest change first. */
function smallerRequests(run: DecisionRun): { job: FleetJob; words: string[]; size: number }[] {
  const job = run.job;
  const seen = new Set<string>();
  const out: { job: FleetJob; words: string[]; size: number }[] = [];
  for (const b of run.bids) {
    if (b.passed) continue;
    const reasons = b.filters
      .flatMap((f) => f.reasons)
      .filter((r): r is ClusterReason & { available: number } => SHAPE_CODES.has(r.code) && r.available !== undefined && r.available > 0);
    if (reasons.length === 0) continue;
    let next: FleetJob = job;
    const words: string[] = [];
    let size = 0;
    for (const r of reasons) {
      if (r.code === "INSUFFICIENT_CPU" && r.available < next.cpuMilli) {
        next = { ...next, cpuMilli: r.available };
        words.push(`${cores(r.available)} instead of ${cores(job.cpuMilli)}`);
        size += 1 - r.available / job.cpuMilli;
      } else if (r.code === "INSUFFICIENT_MEMORY" && r.available < next.memoryMib) {
        next = { ...next, memoryMib: r.available };
        words.push(`${gib(r.available)} memory instead of ${gib(job.memoryMib)}`);
        size += 1 - r.available / job.memoryMib;
      } else if (r.code === "NO_GPU_WITH_ENOUGH_SHARE" && r.available < next.gpuMilliPerGpu) {
        next = { ...next, gpuMilliPerGpu: r.available };
        words.push(`${r.available} milli-GPU instead of ${job.gpuMilliPerGpu}`);
        size += 1 - r.available / job.gpuMilliPerGpu;
      }
    }
    const key = `${next.cpuMilli}/${next.memoryMib}/${next.gpuMilliPerGpu}`;
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push({ job: next, words, size: words.length * 10 + size });
  }
  return out.sort((a, b) => a.size - b.size);
}

/** What every fix step reads (the decision, a way to decide again) and appends to (fixes, kinds tried). */
interface FixContext {
  readonly run: DecisionRun;
  readonly rerun: Rerun;
  readonly job: FleetJob;
  readonly computeNative: boolean;
  readonly fixes: FixSuggestion[];
  readonly tried: FixKind[];
}

/** Whether any cluster rejected the job with the given reason code. */
function rejected(run: DecisionRun, code: string): boolean {
  return run.bids.some((b) => b.filters.some((f) => f.reasons.some((r) => r.code === code)));
}

/** Only time: the job would fit with no deadline (so a later one would do). */
function tryWiderWindow(x: FixContext): void {
  if (x.job.deadlineMs == null) return;
  x.tried.push("wider-window");
  const f = firstFit(x.rerun, x.job, { ignoreFilters: new Set(["deadline"]) });
  if (f) x.fixes.push(suggestion("wider-window", `extend the deadline: it could start at ${iso(f.startMs)} on ${f.where}`, f));
}

/** Any GPU model instead of the listed ones. */
function tryOtherModel(x: FixContext): void {
  if (x.job.allowedGpuModels.length === 0) return;
  x.tried.push("other-model");
  const f = firstFit(x.rerun, { ...x.job, allowedGpuModels: [] });
  if (f) x.fixes.push(suggestion("other-model", `accept any GPU model: ${f.where} could start it at ${iso(f.startMs)}`, f));
}

/** The per-member request lowered to what a rejecting cluster has (smallest change first). */
function trySmallerRequest(x: FixContext): void {
  const smaller = x.computeNative ? [] : smallerRequests(x.run);
  if (smaller.length > 0) x.tried.push("smaller-request");
  const found = firstWorking(smaller, (s) => firstFit(x.rerun, s.job));
  if (found) {
    const { value: s, fit: f } = found;
    x.fixes.push(suggestion("smaller-request", `ask for ${s.words.join(" and ")} per member: ${f.where} at ${iso(f.startMs)}`, f));
  }
}

/** Fewer GPUs per member (the largest count that fits). */
function tryFewerGpus(x: FixContext): void {
  const { job } = x;
  if (x.computeNative || job.gpuCount <= 1) return;
  x.tried.push("fewer-gpus");
  const found = firstWorking(countsBelow(job.gpuCount), (g) => firstFit(x.rerun, { ...job, gpuCount: g }));
  if (found) {
    const { value: g, fit: f } = found;
    x.fixes.push(suggestion("fewer-gpus", `ask for ${g} GPUs per member instead of ${job.gpuCount}: ${f.where} at ${iso(f.startMs)}`, f, g));
  }
}

/** Fewer gang members (the largest count that fits). */
function tryFewerMembers(x: FixContext): void {
  const { job } = x;
  if (x.computeNative || job.gangSize <= 1) return;
  x.tried.push("fewer-members");
  const found = firstWorking(countsBelow(job.gangSize), (m) => firstFit(x.rerun, { ...job, gangSize: m }));
  if (found) {
    const { value: m, fit: f } = found;
    x.fixes.push(suggestion("fewer-members", `run ${m} members instead of ${job.gangSize}: ${f.where} at ${iso(f.startMs)}`, f, m));
  }
}

/** A same-rack gang refused for rack capacity, spread over racks instead. */
function tryGangAcrossRacks(x: FixContext): void {
  const { job } = x;
  if (x.computeNative || job.gangSize <= 1 || job.gangSameRack !== true || !rejected(x.run, "RACK_CAPACITY_FOR_GANG")) return;
  x.tried.push("gang-across-racks");
  const f = firstFit(x.rerun, { ...job, gangSameRack: false });
  if (f) x.fixes.push(suggestion("gang-across-racks", `let the gang's members sit in different racks: ${f.where} at ${iso(f.startMs)}`, f));
}

/** Less compute for a compute-native job (three quarters, half, a quarter). */
function tryLessCompute(x: FixContext): void {
  const { job } = x;
  if (!x.computeNative) return;
  x.tried.push("less-compute");
  const found = firstWorking(
    [0.75, 0.5, 0.25].map((factor) => (job.computeUnits as number) * factor),
    (units) => firstFit(x.rerun, { ...job, computeUnits: units }),
  );
  if (found) {
    const { value: units, fit: f } = found;
    x.fixes.push(suggestion("less-compute", `ask for ${units} A100-equivalents instead of ${job.computeUnits}: ${f.where} at ${iso(f.startMs)}`, f, units));
  }
}

/** A gang split across two linked clusters (with the policy allowing splits). */
function tryAllowSplit(x: FixContext): void {
  const { job, run } = x;
  if (job.allowSplit || job.gangSize <= 1 || x.computeNative) return;
  x.tried.push("allow-split");
  const policy = { ...run.policy, constraints: { ...run.policy.constraints, allowSplitAcrossClusters: true } };
  const f = firstFit(x.rerun, { ...job, allowSplit: true }, {}, policy);
  if (f) x.fixes.push(suggestion("allow-split", `allow splitting across two linked clusters: ${f.where} at ${iso(f.startMs)}`, f));
}

/** Another region, zone or tier, when placement rules refused some clusters. */
function tryOtherRegion(x: FixContext): void {
  const { run } = x;
  if (!rejected(run, "REGION_NOT_ALLOWED") && !rejected(run, "ZONE_NOT_ALLOWED") && !rejected(run, "TIER_NOT_ALLOWED")) return;
  x.tried.push("other-region");
  const f = firstFit(x.rerun, x.job, { ignoreFilters: new Set(["region", "zone", "tier"]) });
  if (f) {
    const region = run.snapshot.clusters.find((c) => c.id === f.clusterId.split("+")[0])?.region ?? "?";
    x.fixes.push(suggestion("other-region", `allow region ${region}: ${f.where} at ${iso(f.startMs)}`, f));
  }
}

/**
 * The tenant's GPU shortfall on the clusters that would take the job: the quota is the tenant's, the
 * need the variant's there.
 */
function quotaShortfall(run: DecisionRun, f: Fit): number {
  const on = run.bids.filter((b) => f.clusterId.split("+").includes(b.cluster.id));
  return Math.max(
    0,
    ...on.flatMap((b) => b.filters.flatMap((x) => x.reasons.filter((r) => r.code === "TENANT_GPU_QUOTA").map((r) => (r.requested ?? 0) - (r.available ?? 0)))),
  );
}

/** A quota raise (needs an admin), by the shortfall where the job would run. */
function tryRaiseQuota(x: FixContext): void {
  const { run } = x;
  if (!rejected(run, "TENANT_GPU_QUOTA") || !run.ctx.tenant) return;
  x.tried.push("raise-quota");
  const f = firstFit(x.rerun, x.job, { ignoreFilters: new Set(["tenant-quota"]) });
  if (f) {
    const over = quotaShortfall(run, f);
    x.fixes.push(suggestion("raise-quota", `raise the tenant's GPU quota by ${over}: ${f.where} at ${iso(f.startMs)}`, f, over));
  }
}

/**
 * The tenant's monthly GPU-hours: a run short enough to fit what is left this month (whole minutes),
 * else, when the job fits an empty month, the renewal: no change to the request helps until then.
 */
function tryGpuHoursQuota(x: FixContext): void {
  const { run, job } = x;
  const t = run.ctx.tenant;
  if (!t || t.maxGpuHoursPerMonth == null || !rejected(run, "TENANT_GPU_HOURS_QUOTA")) return;
  const gpus = (job.gpuCount * job.gpuMilliPerGpu * job.gangSize) / 1000;
  const leftS = gpus > 0 ? Math.floor(((t.maxGpuHoursPerMonth - (t.gpuHoursUsedThisMonth ?? 0)) / gpus) * 60) * 60 : 0;
  if (!x.computeNative && leftS >= 60 && leftS < job.estimatedDurationS) {
    x.tried.push("shorter-run");
    const f = firstFit(x.rerun, { ...job, estimatedDurationS: leftS });
    if (f) {
      const h = Math.round((leftS / 3600) * 100) / 100;
      x.fixes.push(
        suggestion(
          "shorter-run",
          `run at most ${h} h instead of ${Math.round((job.estimatedDurationS / 3600) * 100) / 100} h: ${f.where} at ${iso(f.startMs)}`,
          f,
          leftS,
        ),
      );
      return;
    }
  }
  if (t.monthEndMs === undefined || gpus * (job.estimatedDurationS / 3600) > t.maxGpuHoursPerMonth) return;
  x.tried.push("month-rollover");
  const f = firstFit(x.rerun, job, { ignoreFilters: new Set(["gpu-hours-quota"]) });
  if (f) {
    const at = { ...f, startMs: Math.max(f.startMs, t.monthEndMs) };
    x.fixes.push(suggestion("month-rollover", `no change to the request helps until ${iso(t.monthEndMs)}, when the monthly GPU-hours renew: ${f.where}`, at));
  }
}

/** The fix steps, in the order of how small a change they are for the tenant. */
const FIX_STEPS: readonly ((x: FixContext) => void)[] = [
  tryWiderWindow,
  // Only time or only the run length: the monthly GPU-hours renew, or a shorter run fits what is left.
  tryGpuHoursQuota,
  tryOtherModel,
  trySmallerRequest,
  tryFewerGpus,
  tryFewerMembers,
  tryGangAcrossRacks,
  tryLessCompute,
  tryAllowSplit,
  tryOtherRegion,
  tryRaiseQuota,
];

/** Fixes for an unschedulable job, smallest first (empty when nothing tried helps), and the kinds tried. */
export function findFixes(run: DecisionRun, rerun: Rerun): FixSearch {
  const x: FixContext = { run, rerun, job: run.job, computeNative: isComputeNative(run.job), fixes: [], tried: [] };
  for (const step of FIX_STEPS) step(x);
  return { fixes: x.fixes, tried: x.tried };
}
