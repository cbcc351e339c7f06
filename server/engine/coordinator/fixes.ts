/**
 * Smallest changes that would let an unschedulable job run, each checked by re-running the agents on
 * the same snapshot with one thing changed. Listed in this order, which is our ranking of how small a
 * change is for the tenant: only time (wider window), then another GPU model, then a smaller request
 * (fewer GPUs per member, fewer members, less compute), then allowing a split, another region, and
 * last a quota raise (needs an admin). Only runs when the explanation is read.
 */
import type { AgentContext } from "./agent";
import { runDecision, type DecisionRun } from "./coordinator";
import type { FixSuggestion } from "./explanation-schema";
import type { FleetJob } from "./types";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

function firstFit(run: DecisionRun, job: FleetJob, overrides: Partial<AgentContext> = {}, policy = run.policy) {
  const r = runDecision(run.snapshot, job, policy, run.seed, run.placers, overrides);
  const c = r.candidates[0];
  if (!c) return null;
  return { clusterId: c.bids.map((b) => b.cluster.id).join("+"), startMs: Math.max(...c.bids.map((b) => b.option?.startMs ?? 0)) };
}

/** Fixes for an unschedulable job, smallest first (empty when nothing tried helps). */
export function findFixes(run: DecisionRun): FixSuggestion[] {
  const job = run.job;
  const out: FixSuggestion[] = [];
  const rejected = (code: string) => run.bids.some((b) => b.filters.some((f) => f.reasons.some((r) => r.code === code)));
  if (job.deadlineMs != null) {
    const f = firstFit(run, job, { ignoreDeadline: true });
    if (f) out.push({ change: "wider-window", description: `extend the deadline: it could start at ${iso(f.startMs)} on ${f.clusterId}`, clusterId: f.clusterId, startMs: f.startMs });
  }
  if (job.allowedGpuModels.length > 0) {
    const f = firstFit(run, { ...job, allowedGpuModels: [] });
    if (f) out.push({ change: "other-model", description: `accept any GPU model: ${f.clusterId} could start it at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs });
  }
  const computeNative = job.computeUnits != null && job.computeUnits > 0;
  if (!computeNative && job.gpuCount > 1) {
    for (let g = job.gpuCount - 1; g >= 1; g--) {
      const f = firstFit(run, { ...job, gpuCount: g });
      if (f) {
        out.push({ change: "fewer-gpus", description: `ask for ${g} GPUs per member instead of ${job.gpuCount}: ${f.clusterId} at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs, value: g });
        break;
      }
    }
  }
  if (!computeNative && job.gangSize > 1) {
    for (let m = job.gangSize - 1; m >= 1; m--) {
      const f = firstFit(run, { ...job, gangSize: m });
      if (f) {
        out.push({ change: "fewer-members", description: `run ${m} members instead of ${job.gangSize}: ${f.clusterId} at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs, value: m });
        break;
      }
    }
  }
  if (computeNative) {
    for (const factor of [0.75, 0.5, 0.25]) {
      const units = (job.computeUnits as number) * factor;
      const f = firstFit(run, { ...job, computeUnits: units });
      if (f) {
        out.push({ change: "less-compute", description: `ask for ${units} A100-equivalents instead of ${job.computeUnits}: ${f.clusterId} at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs, value: units });
        break;
      }
    }
  }
  if (!job.allowSplit && job.gangSize > 1 && !computeNative) {
    const policy = { ...run.policy, constraints: { ...run.policy.constraints, allowSplitAcrossClusters: true } };
    const f = firstFit(run, { ...job, allowSplit: true }, {}, policy);
    if (f) out.push({ change: "allow-split", description: `allow splitting across two linked clusters: ${f.clusterId} at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs });
  }
  if (rejected("REGION_NOT_ALLOWED") || rejected("ZONE_NOT_ALLOWED") || rejected("TIER_NOT_ALLOWED")) {
    const f = firstFit(run, job, { ignoreLocation: true });
    if (f) {
      const region = run.snapshot.clusters.find((c) => c.id === f.clusterId.split("+")[0])?.region ?? "?";
      out.push({ change: "other-region", description: `allow region ${region}: ${f.clusterId} at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs });
    }
  }
  if (rejected("TENANT_GPU_QUOTA") && run.ctx.tenant) {
    const f = firstFit(run, job, { ignoreQuota: true });
    if (f) {
      const over = Math.max(...run.bids.flatMap((b) => b.filters.flatMap((x) => x.reasons.filter((r) => r.code === "TENANT_GPU_QUOTA").map((r) => r.over ?? 0))));
      out.push({ change: "raise-quota", description: `raise the tenant's GPU quota by ${over}: ${f.clusterId} at ${iso(f.startMs)}`, clusterId: f.clusterId, startMs: f.startMs, value: over });
    }
  }
  return out;
}
