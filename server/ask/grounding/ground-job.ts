// The grounding of a question about one job: its request and status as the job page shows them (the
// same read, so a tenant reaches only its own tenant's jobs), plus the grounding of its latest
// decision when it has one; without a decision the context is the job alone and no tools are offered.
import type { SessionUser } from "../../auth/session-user";
import { db as defaultDb, type Db } from "../../db/client";
import { DomainError } from "../../services/errors";
import { getJobDetail, type JobDetail } from "../../services/job-detail-service";
import type { GroundingRecord } from "../contract";
import { audienceOf } from "./audience";
import { collectFacts } from "./collect-facts";
import { groundDecisionView, readableDecision, type Grounded } from "./ground-decision";
import { loadFleetVocabulary } from "./vocabulary";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the job page says about the job, as context. */
function jobPageContext(job: JobDetail) {
  return {
    jobPage: {
      name: job.name,
      tenant: job.tenantName,
      status: job.status,
      statusReason: job.statusReason,
      priorityClass: job.priorityClass,
      kind: job.kind,
      gpuCount: job.gpuCount,
      gangSize: job.gangSize,
      estimatedDurationS: job.estimatedDurationS,
      submittedAt: iso(job.submittedAt),
      placedAt: iso(job.placedAt),
      startedAt: iso(job.startedAt),
      finishedAt: iso(job.finishedAt),
      pending: job.pending ? { reason: job.pending.reasonLabel, expectedStart: iso(job.pending.expectedStartAt ?? null) } : null,
      reservation: job.reservation
        ? {
            cluster: job.reservation.clusterName,
            start: iso(job.reservation.startAt),
            end: iso(job.reservation.endAt),
            freedByJobs: job.reservation.freedByCount,
          }
        : null,
    },
  };
}

/** Grounds a question on one job; null when the viewer may not see it (or it does not exist). */
export async function groundJob(jobId: string, viewer: SessionUser, now: Date, db: Db = defaultDb()): Promise<Grounded | null> {
  let job: JobDetail;
  try {
    job = await getJobDetail(db, viewer, jobId, now);
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return null;
    throw error;
  }
  const extra = jobPageContext(job);
  const decision = job.latestDecision ? await readableDecision(db, job.latestDecision.id, viewer) : null;
  if (decision) {
    const grounded = await groundDecisionView(db, decision, viewer, extra);
    const reservationCluster = job.reservation ? [job.reservation.clusterName] : [];
    grounded.grounding.subject = { kind: "job", id: job.id };
    grounded.grounding.allowed.clusters = [...new Set([...grounded.grounding.allowed.clusters, ...reservationCluster])];
    return grounded;
  }
  const facts = collectFacts(extra);
  const { modelNames: _, ...vocabulary } = await loadFleetVocabulary(db);
  const grounding: GroundingRecord = {
    audience: audienceOf(viewer),
    subject: { kind: "job", id: job.id },
    context: extra,
    allowed: {
      numbers: facts.numbers,
      times: facts.times,
      clusters: job.reservation ? [job.reservation.clusterName] : [],
      models: [],
      tenants: [job.tenantName],
      vocabulary,
    },
    templateText: `${job.name} is ${job.status.toLowerCase()}${job.pending ? `: ${job.pending.reasonLabel}` : ""}. It has no scheduling decision yet.`,
    decisionIds: [],
    charts: [],
  };
  return { grounding, tools: {} };
}
