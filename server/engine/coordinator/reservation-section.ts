/**
 * The explanation's reservation sections, both recorded from the snapshot the decision was made on so
 * a replay reproduces them:
 * - `capacityWait` on a job that must wait for capacity: the nodes it would start on at its earliest
 *   start and which running jobs' predicted ends free them. The live loop turns exactly this placement
 *   into the job's reservation (backfill mode permitting), so the section says why the hold starts then.
 * - `backfill` on a job placed while other jobs hold reservations on its cluster: whom it started ahead
 *   of, on which nodes from when, and when it ends. The capacity timeline (timeline.ts) only offers a
 *   window in which every reservation still fits, so a job with this section delays none of them.
 */
import { z } from "zod";
import type { PlacementAssignment } from "../placement/allocate";
import type { FleetCluster, FleetJob } from "./types";

/** Most running jobs a capacity wait names (a gang on a busy cluster may wait for many). */
export const MAX_FREED_BY = 8;

/** Nodes of a placement by name, with the GPU indices it takes there. */
const heldNodeSchema = z.object({ nodeName: z.string(), nodeIndex: z.number().int(), gpuIndices: z.array(z.number().int()) });

/** Why a job that cannot start now starts when it does. */
export const capacityWaitSectionSchema = z.object({
  clusterId: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  nodes: z.array(heldNodeSchema),
  /** Running jobs holding those nodes now whose predicted ends (by startMs) free them, earliest first. */
  freedBy: z.array(z.object({ jobId: z.string(), endMs: z.number(), nodeNames: z.array(z.string()) })),
  /** How many such jobs there are in all (freedBy lists the first MAX_FREED_BY). */
  freedByCount: z.number().int(),
});

/** The reservations a placed job started ahead of, on its chosen clusters. */
export const backfillSectionSchema = z.object({
  /** When the backfilled job is predicted to end. */
  endMs: z.number(),
  ahead: z.array(
    z.object({
      jobId: z.string(),
      clusterId: z.string(),
      startMs: z.number(),
      nodeNames: z.array(z.string()),
      /** Whether this job runs on some of the reserved nodes (then it ends before startMs). */
      sharesNodes: z.boolean(),
    }),
  ),
});

/** The capacity-wait section's data. */
export type CapacityWaitSection = z.infer<typeof capacityWaitSectionSchema>;
/** The backfill section's data. */
export type BackfillSection = z.infer<typeof backfillSectionSchema>;

/** One chosen part as these sections need it (cluster, nodes, window). */
interface ChosenNodes {
  readonly cluster: FleetCluster;
  readonly assignments: readonly PlacementAssignment[];
  readonly startMs: number;
  readonly endMs: number;
}

const nodeNameOf = (cluster: FleetCluster, index: number) => cluster.state.nodes[index]?.name ?? `#${index}`;

/**
 * The capacity-wait section of a single-cluster choice that starts later than now because its nodes are
 * busy ({} for a start now, a carbon or window start, or a split: only a single-cluster wait is held).
 */
export function capacityWaitOf(parts: readonly ChosenNodes[], startReason: string | null, nowMs: number): { capacityWait?: CapacityWaitSection } {
  const part = parts[0];
  if (parts.length !== 1 || !part || startReason !== "capacity" || part.startMs <= nowMs) return {};
  const nodes = new Set(part.assignments.map((a) => a.nodeIndex));
  const freeing = part.cluster.running
    .filter((r) => r.endMs > nowMs && r.endMs <= part.startMs && r.assignments.some((a) => nodes.has(a.nodeIndex)))
    .sort((a, b) => a.endMs - b.endMs || a.jobId.localeCompare(b.jobId));
  return {
    capacityWait: {
      clusterId: part.cluster.id,
      startMs: part.startMs,
      endMs: part.endMs,
      nodes: part.assignments.map((a) => ({ nodeName: nodeNameOf(part.cluster, a.nodeIndex), nodeIndex: a.nodeIndex, gpuIndices: [...a.gpuIndices] })),
      freedBy: freeing.slice(0, MAX_FREED_BY).map((r) => ({
        jobId: r.jobId,
        endMs: r.endMs,
        nodeNames: [...new Set(r.assignments.filter((a) => nodes.has(a.nodeIndex)).map((a) => nodeNameOf(part.cluster, a.nodeIndex)))],
      })),
      freedByCount: freeing.length,
    },
  };
}

/** The backfill section of a choice that starts now on clusters where other jobs hold reservations ({} when none does). */
export function backfillOf(parts: readonly ChosenNodes[], job: FleetJob, nowMs: number): { backfill?: BackfillSection } {
  if (parts.length === 0 || parts.some((p) => p.startMs !== nowMs)) return {};
  const ahead: BackfillSection["ahead"] = [];
  for (const part of parts) {
    const mine = new Set(part.assignments.map((a) => a.nodeIndex));
    for (const res of part.cluster.reservations) {
      if (res.jobId === job.id || res.endMs <= nowMs) continue;
      const reserved = [...new Set(res.assignments.map((a) => a.nodeIndex))];
      ahead.push({
        jobId: res.jobId,
        clusterId: part.cluster.id,
        startMs: res.startMs,
        nodeNames: reserved.map((i) => nodeNameOf(part.cluster, i)),
        sharesNodes: reserved.some((i) => mine.has(i)),
      });
    }
  }
  if (ahead.length === 0) return {};
  ahead.sort((a, b) => a.startMs - b.startMs || a.jobId.localeCompare(b.jobId));
  return { backfill: { endMs: Math.max(...parts.map((p) => p.endMs)), ahead } };
}

/** Whether a stored explanation says its job was placed as a backfill (it has a backfill section). */
export function isBackfillExplanation(explanation: unknown): boolean {
  const b = (explanation as { backfill?: { ahead?: unknown } } | null)?.backfill;
  return Array.isArray(b?.ahead) && b.ahead.length > 0;
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16) + " UTC";
const dayTime = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** "Waits for nodes a, b from 14:00 UTC, freed when jobs … end." */
export function capacityWaitSentence(w: CapacityWaitSection, clusterName: string): string {
  const nodes = [...new Set(w.nodes.map((n) => n.nodeName))].join(", ");
  const by = w.freedBy.map((f) => `${f.jobId} (predicted to end ${hhmm(f.endMs)})`);
  const more = w.freedByCount > w.freedBy.length ? ` and ${w.freedByCount - w.freedBy.length} more` : "";
  const why = by.length > 0 ? `, freed when running jobs ${by.join(", ")}${more} end` : "";
  return `Waits for capacity on ${clusterName}: nodes ${nodes} from ${dayTime(w.startMs)}${why}.`;
}

/** "Started ahead of job X, which holds nodes … from HH:MM; this job ends by …". */
export function backfillSentence(b: BackfillSection): string {
  const holds = b.ahead.map(
    (a) => `job ${a.jobId}, which holds nodes ${a.nodeNames.join(", ")} from ${hhmm(a.startMs)}${a.sharesNodes ? "" : " (this job uses other nodes)"}`,
  );
  return `Backfilled: started ahead of ${holds.join("; and ")}; this job ends by ${dayTime(b.endMs)}, so no reservation is delayed.`;
}
