/**
 * One job's timeline, like a Run:ai job page: every event from the tables that record it — submitted
 * and cancelled (audit), each decision with its outcome (repeats of one decision are one entry with a
 * count), the reservation it was given, its starts, preemptions either way (with the GPU-hours lost),
 * elastic growth and shrinking, failed runs retried, and how it ended — in time order; the GPUs it
 * holds now per node; and its energy and CO2e per hour with where each hour's intensity came from.
 * A tenant member sees only its tenant's jobs (another tenant's is NOT_FOUND), and other tenants' jobs
 * named by a preemption are not named.
 */
import { readerText } from "../format/zoned-time";
import { parseCoordinatorExplanation, preemptionReasonClause, type CoordinatorExplanation, type PreemptionReason } from "../engine";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import { findJobTimelineHead, findJobTimelineRows } from "../repositories/job-timeline-repository";
import { DomainError } from "./errors";

/** Kinds of timeline entry, in the words the page groups them by. */
export type TimelineKind =
  | "submitted"
  | "decision"
  | "reserved"
  | "started"
  | "preempted"
  | "preempting"
  | "shrunk"
  | "grown"
  | "stopped"
  | "resized"
  | "start-failed"
  | "retry"
  | "succeeded"
  | "failed"
  | "cancelled"
  | "expired"
  | "audit"
  | "cluster-event";

/** One entry of the timeline. */
export interface TimelineEntry {
  at: Date;
  kind: TimelineKind;
  text: string;
  /** Where it came from: "decision", "reservation", "preemption", "audit", "runner", "simulated", "kubernetes" or "job". */
  source: string;
  /** A decision's page, for decision entries and the preemptions a decision made. */
  decisionId: string | null;
  /** The other job of a preemption (its name only when the viewer may see it). */
  otherJob: { id: string; name: string } | null;
  /** A decision repeated by later cycles: how often, and the last time. */
  seenCount: number;
  lastSeenAt: Date | null;
}

/** The GPUs a job holds now, per node. */
export interface HeldNode {
  clusterName: string;
  nodeName: string;
  rack: string;
  gpuIndices: number[];
  /** Milli-GPU per GPU (1000 = whole GPUs). */
  milliPerGpu: number;
}

/** One hour of energy and emissions. */
export interface EnergyHour {
  hourStart: Date;
  clusterName: string;
  facilityEnergyKwh: number;
  gCo2ePerKwh: number;
  emissionsGCo2e: number;
  energySource: string;
  intensitySource: string;
  energyMethod: string;
}

/** What the job page's timeline, resources and energy sections show. */
export interface JobTimeline {
  entries: TimelineEntry[];
  held: HeldNode[];
  energy: EnergyHour[];
  totals: { facilityEnergyKwh: number; emissionsGCo2e: number };
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

function explanationOf(value: unknown): CoordinatorExplanation | null {
  try {
    return parseCoordinatorExplanation(value);
  } catch {
    return null;
  }
}

const START_WORDS: Record<string, string> = { carbon: "cleaner power", window: "its start window", capacity: "busy GPUs" };

/** One decision in words: where and when, and why it waits when deferred. */
function decisionText(outcome: string, clusterName: string | null, startAt: Date | null, e: CoordinatorExplanation | null): string {
  const where = clusterName ? ` on ${clusterName}` : "";
  if (outcome === "PLACED") return `Placed${where}${startAt ? `, to start at ${hhmm(startAt.getTime())}` : ""}`;
  if (outcome === "DEFERRED") {
    const reason = e?.clusters.find((c) => c.clusterId === e.chosen[0]?.clusterId)?.startReason;
    return `Deferred${where}${startAt ? ` to ${hhmm(startAt.getTime())}` : ""}${reason && START_WORDS[reason] ? `, waiting for ${START_WORDS[reason]}` : ""}`;
  }
  const fix = e?.counterfactuals.fixes[0];
  return `Unschedulable${e?.summary ? `: ${e.summary}` : ""}${fix ? `; smallest change: ${fix.description}` : ""}`;
}

const entry = (at: Date, kind: TimelineKind, text: string, source: string, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
  at,
  kind,
  text,
  source,
  decisionId: null,
  otherJob: null,
  seenCount: 1,
  lastSeenAt: null,
  ...extra,
});

/** Kinds that end a run: one from the job's row is added only when the runner recorded none. */
const END_KINDS = new Set<TimelineKind>(["succeeded", "failed", "cancelled", "expired"]);

/** The timeline of one job for a signed-in user; NOT_FOUND when it does not exist or belongs to another tenant. */
export async function getJobTimeline(db: Db, user: SessionUser, jobId: string): Promise<JobTimeline> {
  const operator = user.role === "OPERATOR" || user.role === "ADMIN";
  const job = await findJobTimelineHead(db, jobId);
  if (!job || (!operator && job.tenantId !== user.tenantId)) throw new DomainError("NOT_FOUND", "No such job.");
  const rows = await findJobTimelineRows(db, jobId);
  const visible = (tenantId: string) => operator || tenantId === user.tenantId;
  const clusterName = (id: string) => rows.clusterNames.get(id) ?? "a retired cluster";
  const entries: TimelineEntry[] = [entry(job.submittedAt, "submitted", "Submitted", "job")];

  for (const a of rows.audit) {
    if (a.action === "job.submit") {
      if (a.actor) entries[0] = { ...entries[0]!, text: `Submitted by ${a.actor.name}`, source: "audit" };
      continue;
    }
    entries.push(
      entry(
        a.at,
        a.action === "job.cancel" ? "cancelled" : "audit",
        `${a.action === "job.cancel" ? "Cancelled" : a.action}${a.actor ? ` by ${a.actor.name}` : ""}`,
        "audit",
      ),
    );
  }

  for (const d of rows.decisions) {
    const e = explanationOf(d.explanation);
    entries.push(
      entry(
        d.createdAt,
        "decision",
        decisionText(d.outcome, d.cluster?.name ?? null, d.startAt, e) + (d.backfilled ? " (backfilled ahead of a reservation)" : ""),
        "decision",
        {
          decisionId: d.id,
          seenCount: d.seenCount,
          lastSeenAt: d.seenCount > 1 ? d.lastSeenAt : null,
        },
      ),
    );
    const wait = e?.capacityWait;
    if (wait) {
      const nodes = wait.nodes.map((n) => n.nodeName).join(", ");
      const freed = wait.freedByCount > 0 ? `, freed when ${wait.freedByCount} running job${wait.freedByCount === 1 ? "" : "s"} end` : "";
      entries.push(
        entry(
          d.createdAt,
          "reserved",
          `Reserved ${nodes} on ${d.cluster?.name ?? "its cluster"} from ${hhmm(wait.startMs)} to ${hhmm(wait.endMs)}${freed}`,
          "decision",
          {
            decisionId: d.id,
          },
        ),
      );
    }
    const grown = e?.chosen.find((c) => c.elastic?.grownFrom !== undefined)?.elastic;
    if (grown) entries.push(entry(d.createdAt, "grown", `Grew from ${grown.grownFrom} to ${grown.members} members`, "decision", { decisionId: d.id }));
  }

  const r = job.reservation;
  if (r && !rows.decisions.some((d) => explanationOf(d.explanation)?.capacityWait)) {
    const nodes = [...new Set((r.assignments as { node?: unknown }[]).flatMap((a) => (typeof a?.node === "string" ? [a.node] : [])))].join(", ");
    entries.push(
      entry(r.createdAt, "reserved", `Reserved ${nodes} on ${r.cluster.name} from ${hhmm(r.startAt.getTime())} to ${hhmm(r.endAt.getTime())}`, "reservation"),
    );
  }

  for (const p of rows.victimOf) {
    const other = visible(p.preemptor.tenantId) ? { id: p.preemptor.id, name: p.preemptor.name } : null;
    const by = other ? `job "${other.name}"` : "another tenant's job";
    const shrunk = p.shrunkFrom !== null && p.shrunkTo !== null;
    entries.push(
      entry(
        p.createdAt,
        shrunk ? "shrunk" : "preempted",
        shrunk
          ? `Shrunk from ${p.shrunkFrom} to ${p.shrunkTo} members on ${clusterName(p.clusterId)} for ${by}`
          : `Preempted by ${by} on ${clusterName(p.clusterId)} (${preemptionReasonClause(p.reason as PreemptionReason)}): lost ${p.lostGpuHours.toFixed(2)} GPU-h, resumes from ${Math.round(p.resumeFromWorkS / 60)} min of checkpointed work`,
        "preemption",
        { decisionId: p.decisionId, otherJob: other },
      ),
    );
  }
  for (const p of rows.preemptorOf) {
    const other = visible(p.victim.tenantId) ? { id: p.victim.id, name: p.victim.name } : null;
    const whom = other ? `job "${other.name}"` : "another tenant's job";
    entries.push(
      entry(p.createdAt, "preempting", `Preempted ${whom} on ${clusterName(p.clusterId)} to start (it lost ${p.lostGpuHours.toFixed(2)} GPU-h)`, "preemption", {
        decisionId: p.decisionId,
        otherJob: other,
      }),
    );
  }

  for (const ev of rows.events) {
    // A cluster's own events (pod scheduled, OOMKilled, evicted) are one kind, their words from the cluster.
    const kind: TimelineKind = ev.kind.startsWith("cluster-") ? "cluster-event" : ev.kind === "run-failed" ? "retry" : (ev.kind as TimelineKind);
    entries.push(entry(ev.at, kind, ev.message.charAt(0).toUpperCase() + ev.message.slice(1), ev.source));
  }
  // Rows from before the runner recorded events: the job's own start and end.
  if (job.startedAt && !rows.events.some((e) => e.kind === "started")) entries.push(entry(job.startedAt, "started", "Started", "job"));
  const ended = job.finishedAt ?? (job.status === "CANCELLED" ? job.cancelledAt : null);
  if (ended && !entries.some((e) => END_KINDS.has(e.kind))) {
    const kind = job.status.toLowerCase() as TimelineKind;
    entries.push(
      entry(
        ended,
        END_KINDS.has(kind) ? kind : "failed",
        `${job.status.charAt(0)}${job.status.slice(1).toLowerCase()}${job.statusReason ? `: ${job.statusReason}` : ""}`,
        "job",
      ),
    );
  }

  // Time order; at one instant, the order the list was built in (decision before its reservation, preemption before the stop).
  // Times in the sentences are the reader's, each read near the moment of its entry.
  const ordered = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.i - b.i)
    .map((x) => ({ ...x.e, text: readerText(user, x.e.at.getTime())(x.e.text) }));

  const held = new Map<string, HeldNode>();
  for (const s of rows.shares) {
    const key = `${s.gpu.node.cluster.id}/${s.gpu.node.name}`;
    const h = held.get(key) ?? {
      clusterName: s.gpu.node.cluster.name,
      nodeName: s.gpu.node.name,
      rack: s.gpu.node.rackGroup,
      gpuIndices: [],
      milliPerGpu: s.milli,
    };
    h.gpuIndices.push(s.gpu.index);
    held.set(key, h);
  }
  const energy = rows.energy.map((h) => ({
    hourStart: h.hourStart,
    clusterName: clusterName(h.clusterId),
    facilityEnergyKwh: h.facilityEnergyKwh,
    gCo2ePerKwh: h.gCo2ePerKwh,
    emissionsGCo2e: h.emissionsGCo2e,
    energySource: h.energySource,
    intensitySource: h.intensitySource,
    energyMethod: h.energyMethod,
  }));
  return {
    entries: ordered,
    held: [...held.values()].map((h) => ({ ...h, gpuIndices: h.gpuIndices.sort((a, b) => a - b) })).sort((a, b) => a.nodeName.localeCompare(b.nodeName)),
    energy,
    totals: {
      facilityEnergyKwh: energy.reduce((s, h) => s + h.facilityEnergyKwh, 0),
      emissionsGCo2e: energy.reduce((s, h) => s + h.emissionsGCo2e, 0),
    },
  };
}
