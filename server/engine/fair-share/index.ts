/** Cohort quotas with borrowing and the fair-share queue order (see docs/fair-share.md). */
export {
  borrowedOf,
  chargeCohortQuota,
  checkCohortQuota,
  cohortConstrains,
  cohortStanding,
  lendableOf,
  type CohortStanding,
  type CohortVerdict,
} from "./cohort";
export { decayedGpuHours, decayedUsageByTenant, FAIR_SHARE_HALF_LIFE_MS, type UsageInterval } from "./decayed-usage";
export { fairShareOf, orderByFairShare, type FairShareEntry } from "./queue-order";
