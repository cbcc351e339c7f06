/**
 * The coordinator policy: named, versioned data holding the objective weights and the hard constraints.
 * The database Policy row stores `objectiveWeights` (by objective name) and `constraints` as JSON; this
 * schema validates both (missing constraint fields and weights take the defaults) so a stored row of any
 * earlier shape parses into a policy.
 */
import { z } from "zod";
import { OBJECTIVES } from "./objectives/registry";

/**
 * Objective weights by objective name (objectives/registry.ts), any non-negative numbers with at least
 * one positive. Stored policies keep working: a name missing from a stored row (an objective added
 * after it was saved, such as `load`) reads as 0, and every registered name is present after parsing;
 * a name no objective has is refused with the field named.
 */
export const objectiveWeightsSchema = z
  .record(z.string(), z.number().min(0))
  .superRefine((w, ctx) => {
    for (const name of Object.keys(w)) {
      if (!OBJECTIVES.includes(name)) ctx.addIssue({ code: "custom", path: [name], message: `unknown objective "${name}" (known: ${OBJECTIVES.join(", ")})` });
    }
    if (Object.values(w).reduce((a, b) => a + b, 0) <= 0) ctx.addIssue({ code: "custom", message: "at least one objective weight must be positive" });
  })
  .transform((w): Record<string, number> => Object.fromEntries(OBJECTIVES.map((name) => [name, w[name] ?? 0])));

/** Hard constraints and search limits. */
export const policyConstraintsSchema = z.object({
  /** How long past its earliest start a flexible job may be deferred for carbon (hours). */
  maxDeferralHours: z.number().min(0).default(24),
  /** Reject clusters where the job would push the tenant over its monthly carbon budget. */
  honorCarbonBudget: z.boolean().default(true),
  /** Allow a gang that fits no single cluster to be split across two linked clusters (the job must allow it too). */
  allowSplitAcrossClusters: z.boolean().default(false),
  /** A split needs a link at least this fast (Gbps)... */
  minSplitLinkGbps: z.number().positive().default(400),
  /** ...and no longer than this (km); 300 km is the longest distance in the seed's measurement. */
  maxSplitDistanceKm: z.number().positive().default(300),
  /** ...and a predicted slowdown no larger than this (% of throughput). */
  maxSplitSlowdownPct: z.number().min(0).default(5),
  /** Defer for carbon only when it saves at least this share of the start-now emissions (%). */
  minDeferralSavingPct: z.number().min(0).default(1),
  /**
   * ...and at least this much in absolute terms (gCO2e): a wait that saves less than about a phone
   * charge (~5-8 g) is not worth delaying anyone for. The forecast's own error is a further floor
   * (coordinator/deferral-check.ts).
   */
  minDeferralSavingGCo2e: z.number().min(0).default(5),
  /**
   * Backfill in the queue: "easy" (the highest-priority job that must wait for busy nodes holds them
   * as a reservation; later jobs start only where they do not delay it), "conservative" (every such
   * job, up to a bound, holds one), "off" (no backfill: strict priority order, so no job starts
   * ahead of a higher-priority job that waits for capacity) or "first-fit" (no reservation and no
   * order: every job that fits starts, as the Kubernetes default scheduler does, so a large job may
   * wait as long as smaller ones keep taking the nodes it needs).
   */
  backfill: z.enum(["off", "easy", "conservative", "first-fit"]).default("easy"),
  /** A job whose class may preempt takes GPUs from lower-priority preemptible jobs when it cannot start otherwise. */
  preemption: z.boolean().default(true),
  /**
   * A job that can start now on several clusters avoids one where another job holds a capacity
   * reservation when a cluster without one starts it now (coordinator/reservation-clearance.ts). On in
   * the simulator's presets; off by default in stored policies, where it would leave the busy demo's
   * first cycles without a backfilled start to show.
   */
  keepClearOfReservations: z.boolean().default(false),
  /**
   * Minimum run time before preemption (minutes): a job whose current run (first start or restart)
   * began less than this long ago is not a preemption victim (preemption/victim-candidates.ts), like
   * Slurm's PreemptExemptTime. It stops the same checkpointed job being stopped again minutes after
   * each restart. 0 (the default of stored policies) exempts nothing; the simulator's presets use
   * SIM_PREEMPT_EXEMPT_MINUTES (sim/presets.ts).
   */
  preemptExemptMinutes: z.number().min(0).max(1440).default(0),
  /** Candidate start spacing in the carbon search (minutes). */
  searchStepMinutes: z.number().int().positive().default(60),
  /** Locality score (0..100) of each tier when the job states no data region. */
  tierPreference: z
    .object({ hub: z.number().min(0).max(100), regional: z.number().min(0).max(100), edge: z.number().min(0).max(100) })
    .default({ hub: 100, regional: 70, edge: 30 }),
});

/** A coordinator policy as stored (name + integer version like the Policy row). */
export const coordinatorPolicySchema = z.object({
  name: z.string().min(1),
  version: z.number().int().positive(),
  objectiveWeights: objectiveWeightsSchema,
  constraints: policyConstraintsSchema,
  /** In-cluster placement policy used by every cluster agent (a built-in policy name). */
  inClusterPolicy: z.string().default("verdant"),
});

/** A validated coordinator policy. */
export type CoordinatorPolicy = z.infer<typeof coordinatorPolicySchema>;
/** Objective weights of a policy. */
export type ObjectiveWeights = Readonly<Record<string, number>>;
/** Constraints of a policy (defaults applied). */
export type PolicyConstraints = z.infer<typeof policyConstraintsSchema>;

/** Parses a policy from stored JSON (e.g. a Policy row), applying constraint defaults; throws a zod error when invalid. */
export function parseCoordinatorPolicy(value: unknown): CoordinatorPolicy {
  return coordinatorPolicySchema.parse(value);
}

/** Verdant's default fleet policy: carbon first, then packing quality, waiting, locality and job kind. */
export const DEFAULT_COORDINATOR_POLICY: CoordinatorPolicy = parseCoordinatorPolicy({
  name: "verdant-fleet",
  version: 1,
  // kind at the tie-breaking level of locality: job kind nudges, carbon and packing decide.
  objectiveWeights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, kind: 0.1 },
  constraints: { maxDeferralHours: 24, honorCarbonBudget: true, allowSplitAcrossClusters: true },
});
