/**
 * Smallest changes that would let an unschedulable job run, each checked by deciding again on the same
 * snapshot with one thing changed (through the `rerun` the coordinator hands in, so this module never
 * imports the coordinator). Tried in this order, our ranking of how small a change is for the tenant:
 * only time (a later deadline), another GPU model, a smaller request (the CPU, memory or GPU share the
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

function firstFit(rerun: Rerun, job: FleetJob, overrides: Parameters<Rerun>[1] = {}, policy?: Parameters<Rerun>[2]) {
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

/** Fixes for an unschedulable job, smallest first (empty when nothing tried helps), and the kinds tried. */
export function findFixes(run: DecisionRun, rerun: Rerun): FixSearch {
  const job = run.job;
  const fixes: FixSuggestion[] = [];
  const tried: FixKind[] = [];
  const rejected = (code: string) => run.bids.some((b) => b.filters.some((f) => f.reasons.some((r) => r.code === code)));
  const computeNative = isComputeNative(job);
  if (job.deadlineMs != null) {
    tried.push("wider-window");
    const f = firstFit(rerun, job, { ignoreFilters: new Set(["deadline"]) });
    if (f)
      fixes.push({
        change: "wider-window",
        description: `extend the deadline: it could start at ${iso(f.startMs)} on ${f.where}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
      });
  }
  if (job.allowedGpuModels.length > 0) {
    tried.push("other-model");
    const f = firstFit(rerun, { ...job, allowedGpuModels: [] });
    if (f)
      fixes.push({
        change: "other-model",
        description: `accept any GPU model: ${f.where} could start it at ${iso(f.startMs)}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
      });
  }
  const smaller = computeNative ? [] : smallerRequests(run);
  if (smaller.length > 0) tried.push("smaller-request");
  for (const s of smaller) {
    const f = firstFit(rerun, s.job);
    if (f) {
      fixes.push({
        change: "smaller-request",
        description: `ask for ${s.words.join(" and ")} per member: ${f.where} at ${iso(f.startMs)}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
      });
      break;
    }
  }
  if (!computeNative && job.gpuCount > 1) {
    tried.push("fewer-gpus");
    for (let g = job.gpuCount - 1; g >= 1; g--) {
      const f = firstFit(rerun, { ...job, gpuCount: g });
      if (f) {
        fixes.push({
          change: "fewer-gpus",
          description: `ask for ${g} GPUs per member instead of ${job.gpuCount}: ${f.where} at ${iso(f.startMs)}`,
          clusterId: f.clusterId,
          startMs: f.startMs,
          value: g,
        });
        break;
      }
    }
  }
  if (!computeNative && job.gangSize > 1) {
    tried.push("fewer-members");
    for (let m = job.gangSize - 1; m >= 1; m--) {
      const f = firstFit(rerun, { ...job, gangSize: m });
      if (f) {
        fixes.push({
          change: "fewer-members",
          description: `run ${m} members instead of ${job.gangSize}: ${f.where} at ${iso(f.startMs)}`,
          clusterId: f.clusterId,
          startMs: f.startMs,
          value: m,
        });
        break;
      }
    }
  }
  if (!computeNative && job.gangSize > 1 && (job.gangSameRack ?? true) && rejected("RACK_CAPACITY_FOR_GANG")) {
    tried.push("gang-across-racks");
    const f = firstFit(rerun, { ...job, gangSameRack: false });
    if (f)
      fixes.push({
        change: "gang-across-racks",
        description: `let the gang's members sit in different racks: ${f.where} at ${iso(f.startMs)}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
      });
  }
  if (computeNative) {
    tried.push("less-compute");
    for (const factor of [0.75, 0.5, 0.25]) {
      const units = (job.computeUnits as number) * factor;
      const f = firstFit(rerun, { ...job, computeUnits: units });
      if (f) {
        fixes.push({
          change: "less-compute",
          description: `ask for ${units} A100-equivalents instead of ${job.computeUnits}: ${f.where} at ${iso(f.startMs)}`,
          clusterId: f.clusterId,
          startMs: f.startMs,
          value: units,
        });
        break;
      }
    }
  }
  if (!job.allowSplit && job.gangSize > 1 && !computeNative) {
    tried.push("allow-split");
    const policy = { ...run.policy, constraints: { ...run.policy.constraints, allowSplitAcrossClusters: true } };
    const f = firstFit(rerun, { ...job, allowSplit: true }, {}, policy);
    if (f)
      fixes.push({
        change: "allow-split",
        description: `allow splitting across two linked clusters: ${f.where} at ${iso(f.startMs)}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
      });
  }
  if (rejected("REGION_NOT_ALLOWED") || rejected("ZONE_NOT_ALLOWED") || rejected("TIER_NOT_ALLOWED")) {
    tried.push("other-region");
    const f = firstFit(rerun, job, { ignoreFilters: new Set(["region", "zone", "tier"]) });
    if (f) {
      const region = run.snapshot.clusters.find((c) => c.id === f.clusterId.split("+")[0])?.region ?? "?";
      fixes.push({
        change: "other-region",
        description: `allow region ${region}: ${f.where} at ${iso(f.startMs)}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
      });
    }
  }
  if (rejected("TENANT_GPU_QUOTA") && run.ctx.tenant) {
    tried.push("raise-quota");
    const f = firstFit(rerun, job, { ignoreFilters: new Set(["tenant-quota"]) });
    if (f) {
      // The shortfall on the cluster that would take it (the quota is the tenant's, the need the variant's there).
      const on = run.bids.filter((b) => f.clusterId.split("+").includes(b.cluster.id));
      const over = Math.max(
        0,
        ...on.flatMap((b) =>
          b.filters.flatMap((x) => x.reasons.filter((r) => r.code === "TENANT_GPU_QUOTA").map((r) => (r.requested ?? 0) - (r.available ?? 0))),
        ),
      );
      fixes.push({
        change: "raise-quota",
        description: `raise the tenant's GPU quota by ${over}: ${f.where} at ${iso(f.startMs)}`,
        clusterId: f.clusterId,
        startMs: f.startMs,
        value: over,
      });
    }
  }
  return { fixes, tried };
}
