/**
 * Objective kind: how well a cluster's tier suits the job's kind, a 0..100 score (higher is better,
 * absolute, not min-max). Training wants hub clusters (the large, tightly connected pools gangs need),
 * inference wants regional or edge clusters (close to the users it serves), batch has no preference:
 *
 *   kind \ tier   hub   regional   edge
 *   training      100       50        0
 *   inference      20      100      100
 *   batch          50       50       50
 *
 * The worst part counts for a split (each part runs a share of the same job).
 */
import type { ClusterTier, FleetJob } from "../types";
import type { ObjectivePlugin } from "./types";

/** Score (0..100) of each tier for each job kind (see header). */
export const KIND_TIER_SCORES: Readonly<Record<FleetJob["kind"], Readonly<Record<ClusterTier, number>>>> = {
  training: { hub: 100, regional: 50, edge: 0 },
  inference: { hub: 20, regional: 100, edge: 100 },
  batch: { hub: 50, regional: 50, edge: 50 },
};

/** Job kind against cluster tier (score 0..100). */
export const kindObjective: ObjectivePlugin = {
  name: "kind",
  label: "Job kind / tier fit",
  unit: "score",
  direction: "higher-better",
  normalization: "absolute",
  raw: (parts, ctx) => Math.min(100, ...parts.map((p) => KIND_TIER_SCORES[ctx.job.kind][p.cluster.tier])),
};
