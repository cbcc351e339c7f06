/**
 * The preemption section of a decision's explanation: which running jobs the preemptor stopped (or
 * shrank), the work each loses, and the other victim sets the planner weighed with their costs. It is
 * an optional part of the coordinator explanation, so decisions stored before preemption stay valid.
 */
import { z } from "zod";

/**
 * Why a running job may be taken from: it holds GPUs borrowed beyond its tenant's nominal quota, its
 * class ranks lower, or it was backfilled ahead of the preemptor's reservation and ran past its
 * predicted end into it.
 */
export const PREEMPTION_REASONS = ["borrowed-quota", "lower-priority", "backfill-overrun"] as const;
/** A victim's reason. */
export type PreemptionReason = (typeof PREEMPTION_REASONS)[number];

/** Why a victim was eligible, as a clause ("it ran on borrowed quota its lender needs back"). */
export function preemptionReasonClause(reason: PreemptionReason): string {
  if (reason === "borrowed-quota") return "it ran on borrowed quota its lender needs back";
  if (reason === "backfill-overrun") return "it was backfilled ahead of a reservation and ran past its predicted end into it";
  return "its class ranks lower";
}

/** One stopped or shrunk job. */
export const preemptionVictimSchema = z.object({
  jobId: z.string(),
  tenant: z.string(),
  priority: z.number(),
  reason: z.enum(PREEMPTION_REASONS),
  /** GPUs freed (whole-GPU equivalents). */
  gpus: z.number(),
  /** Seconds of run since its last checkpoint (or since it started, without one): the work that is lost. */
  sinceCheckpointS: z.number(),
  /** GPUs freed times sinceCheckpointS, in GPU-hours. */
  lostGpuHours: z.number(),
  /** Work saved by checkpoints (s) the job resumes from. */
  resumeFromWorkS: z.number(),
  /** Elastic job: the members it keeps (it sheds the rest instead of stopping); null = stopped. */
  shrinkTo: z.number().int().nullable(),
  /** Elastic job shrunk: the members it ran with before (absent on stopped victims and on older rows). */
  shrunkFrom: z.number().int().optional(),
});

/** One victim set the planner found sufficient, with its cost (the chosen one is flagged). */
export const preemptionAlternativeSchema = z.object({
  clusterId: z.string(),
  victimIds: z.array(z.string()),
  /** Lost GPU-hours of the lower-priority victims (borrowed quota is reclaimed first, so it counts apart). */
  lowerPriorityLostGpuHours: z.number(),
  lostGpuHours: z.number(),
  /** Free milli-GPU stranded on partly used nodes after the preemptor is placed (lower packs better). */
  fragmentationMilli: z.number(),
  chosen: z.boolean(),
});

/** The preemption section of an explanation. */
export const preemptionSectionSchema = z.object({
  preemptor: z.object({ priority: z.number(), priorityClass: z.string().nullable() }),
  clusterId: z.string(),
  victims: z.array(preemptionVictimSchema),
  lostGpuHours: z.number(),
  fragmentationMilli: z.number(),
  alternatives: z.array(preemptionAlternativeSchema),
  /** Clusters where no victim set helps: none eligible, or even releasing every eligible job would not let the job start now. */
  skipped: z.array(z.object({ clusterId: z.string(), why: z.enum(["no-eligible-victims", "not-enough-even-with-all", "not-available"]) })),
  /** Decisions the bounded search evaluated. */
  evaluations: z.number().int(),
});

/** The preemption section (derived from the schema so they cannot drift). */
export type PreemptionSection = z.infer<typeof preemptionSectionSchema>;
/** One victim of a plan. */
export type PreemptionVictim = z.infer<typeof preemptionVictimSchema>;
/** One weighed victim set. */
export type PreemptionAlternative = z.infer<typeof preemptionAlternativeSchema>;
