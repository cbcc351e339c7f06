/**
 * The cluster filters, in the order the agent runs them (cheap location checks first). Adding a
 * filter is one file and one line here. Like the in-cluster registry, a plain value: callers may
 * build their own list.
 */
import { capacityFilter } from "./capacity";
import { carbonBudgetFilter } from "./carbon-budget";
import { carbonDataFilter } from "./carbon-data";
import { clusterReachableFilter } from "./cluster-reachable";
import { clusterStatusFilter } from "./cluster-status";
import { cohortQuotaFilter } from "./cohort-quota";
import { deadlineFilter } from "./deadline";
import { gpuHoursQuotaFilter } from "./gpu-hours-quota";
import { gpuModelFilter } from "./gpu-model";
import { regionFilter } from "./region";
import { tenantQuotaFilter } from "./tenant-quota";
import { tierFilter } from "./tier";
import type { ClusterFilterPlugin } from "./types";
import { zoneFilter } from "./zone";

/** Built-in cluster filters in run order. */
export const CLUSTER_FILTERS: readonly ClusterFilterPlugin[] = [
  clusterStatusFilter,
  clusterReachableFilter,
  regionFilter,
  zoneFilter,
  tierFilter,
  gpuModelFilter,
  tenantQuotaFilter,
  gpuHoursQuotaFilter,
  deadlineFilter,
  carbonDataFilter,
  capacityFilter,
  cohortQuotaFilter,
  carbonBudgetFilter,
];

/** Each filter list split by stage (filter lists are not changed once built). */
const stagesOf = new WeakMap<readonly ClusterFilterPlugin[], Map<string, readonly ClusterFilterPlugin[]>>();

/** Filters by stage, in run order (the agent's flow asks for one stage at a time). */
export function filtersOfStage<S extends ClusterFilterPlugin["stage"]>(
  stage: S,
  filters: readonly ClusterFilterPlugin[] = CLUSTER_FILTERS,
): readonly Extract<ClusterFilterPlugin, { stage: S }>[] {
  // Asked for every variant of every cluster of every decision: split each filter list by stage once.
  let byStage = stagesOf.get(filters);
  if (!byStage) {
    byStage = new Map();
    stagesOf.set(filters, byStage);
  }
  let list = byStage.get(stage);
  if (!list) {
    list = filters.filter((f) => f.stage === stage);
    byStage.set(stage, list);
  }
  return list as readonly Extract<ClusterFilterPlugin, { stage: S }>[];
}
