/**
 * Objective locality: a 0..100 score per cluster, the policy's tier preference (hub, regional, edge);
 * when the job names a data region, 100 inside it and half the tier preference elsewhere. The worst
 * part counts for a split. Higher is better; absolute (not min-max).
 */
import type { FleetCluster, FleetJob } from "../types";
import type { ObjectiveConstraints, ObjectivePlugin } from "./types";

/** Locality score of one cluster for a job (see header). */
export function localityOf(cluster: FleetCluster, job: FleetJob, constraints: ObjectiveConstraints): number {
  const tier = constraints.tierPreference[cluster.tier];
  if (!job.dataRegion) return tier;
  return cluster.region === job.dataRegion ? 100 : tier / 2;
}

/** Data locality and tier preference (score 0..100). */
export const localityObjective: ObjectivePlugin = {
  name: "locality",
  label: "Locality / tier preference",
  unit: "score",
  direction: "higher-better",
  normalization: "absolute",
  raw: (parts, ctx) => Math.min(100, ...parts.map((p) => localityOf(p.cluster, ctx.job, ctx.constraints))),
};
