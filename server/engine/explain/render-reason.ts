/**
 * Sentences rendered from reasons (the reasons themselves are data, see reason-codes.ts). Each
 * phrase is the predicate of "N nodes ..." or "N clusters ...", quoting the numbers of the example
 * reason. At the cluster level the numbers are those of the closest candidate, so the phrase says
 * both what the job asks and what the cluster has.
 */
import { formatCo2eMass } from "../carbon/format-mass";
import type { Reason } from "./reason-codes";

/** Which level the phrase is for: a node (one example node) or a cluster (its best node or rule). */
export type ReasonScope = "node" | "cluster";

const round = (v: number) => Math.round(v * 100) / 100;
const num = (v: number | undefined) => String(round(v ?? 0));
const cores = (milli: number | undefined) => `${num((milli ?? 0) / 1000)} CPU ${round((milli ?? 0) / 1000) === 1 ? "core" : "cores"}`;
const gpusWord = (n: number | undefined) => (round(n ?? 0) === 1 ? "GPU" : "GPUs");

/** Leading verbs of the plural predicates and their singular forms ("1 node lacks", not "1 lack"). */
const SINGULAR_VERB: Readonly<Record<string, string>> = { are: "is", have: "has", lack: "lacks", do: "does", sit: "sits", report: "reports", run: "runs" };

/**
 * The predicate for exactly one subject: its leading verb made singular ("are not active" -> "is not
 * active"); modal verbs ("would", "could", "cannot") read the same either way.
 */
export function singularPredicate(predicate: string): string {
  const space = predicate.indexOf(" ");
  const first = space < 0 ? predicate : predicate.slice(0, space);
  const singular = SINGULAR_VERB[first];
  return singular ? singular + predicate.slice(first.length) : predicate;
}
const gib = (mib: number | undefined) => `${num((mib ?? 0) / 1024)} GiB`;
const models = (subject: string | undefined) => (subject ? subject.split("|").join(" or ") : "");

/**
 * The predicate for a reason, e.g. "lack 8 CPU cores" or "have no A100 GPUs"; `count` is how many
 * subjects it follows ("1 node lacks ...", "it is ..."), plural unless it is exactly 1.
 */
export function describeReason(r: Reason, scope: ReasonScope = "node", count?: number): string {
  const predicate = pluralPredicate(r, scope);
  return count === 1 ? singularPredicate(predicate) : predicate;
}

function pluralPredicate(r: Reason, scope: ReasonScope): string {
  const cluster = scope === "cluster";
  switch (r.code) {
    case "NODE_NOT_READY":
      return "are not ready";
    case "INSUFFICIENT_CPU":
      return cluster ? `lack ${cores(r.requested)} on one node (most free: ${cores(r.available)})` : `lack ${cores(r.requested)}`;
    case "INSUFFICIENT_MEMORY":
      return cluster ? `lack ${gib(r.requested)} memory on one node (most free: ${gib(r.available)})` : `lack ${num(r.requested)} MiB memory`;
    case "INSUFFICIENT_GPUS":
      return cluster
        ? `lack ${num(r.requested)} free ${r.subject ? `${models(r.subject)} ` : ""}${gpusWord(r.requested)} on one node (most free: ${num(r.available)})`
        : `have fewer than ${num(r.requested)} free whole ${gpusWord(r.requested)}`;
    case "NO_GPU_WITH_ENOUGH_SHARE":
      return `have no GPU with ${num(r.requested)} milli free${cluster ? ` (largest free share: ${num(r.available)})` : ""}`;
    case "GPU_MODEL_NOT_ALLOWED":
      return "have a GPU model the job does not allow";
    case "LABEL_MISMATCH":
      return "do not match the node selector/affinity";
    case "RACK_CAPACITY_FOR_GANG":
      return cluster
        ? `have no rack that can host all ${num(r.requested)} gang members (at most ${num(r.available)} in one rack)`
        : `sit in a rack that cannot host all ${num(r.requested)} gang members`;
    case "GANG_IN_OTHER_RACK":
      return "are outside the rack already chosen for the gang";
    case "CLUSTER_NOT_ACTIVE":
      return `are not active (${r.subject ?? "status"})`;
    case "CLUSTER_UNREACHABLE":
      return `are unreachable${r.subject ? ` (${r.subject})` : ""}`;
    case "REGION_NOT_ALLOWED":
      return `are outside the allowed regions${r.subject ? ` (${r.subject})` : ""}`;
    case "ZONE_NOT_ALLOWED":
      return `are outside the allowed grid zones${r.subject ? ` (${r.subject})` : ""}`;
    case "TIER_NOT_ALLOWED":
      return `are of a tier the job does not allow${r.subject ? ` (${r.subject})` : ""}`;
    case "GPU_MODEL_ABSENT":
      return r.subject ? `have no ${models(r.subject)} GPUs` : "have no GPU model the job accepts";
    case "NODES_NOT_READY":
      return "have no ready node with a GPU model the job accepts";
    case "GANG_TOO_LARGE":
      return `have ${num(r.available)} nodes that fit a member, fewer than the ${num(r.requested)} members of the gang`;
    case "TENANT_GPU_QUOTA":
      return `are over the tenant's GPU quota by ${num((r.requested ?? 0) - (r.available ?? 0))} (asks ${num(r.requested)} GPUs, ${num(Math.max(0, r.available ?? 0))} of ${num(r.limit)} left)`;
    case "TENANT_GPU_HOURS_QUOTA":
      return `would take the tenant past its monthly GPU-hour allowance by ${num((r.requested ?? 0) - (r.available ?? 0))} GPU-hours (asks ${num(r.requested)} GPU-hours, ${num(Math.max(0, r.available ?? 0))} of ${num(r.limit)} left this month)`;
    case "COHORT_QUOTA":
      return `are over the tenant's ${r.subject ?? ""} GPU quota with what the cohort lends (asks ${num(r.requested)} GPUs, ${num(Math.max(0, r.available ?? 0))} of ${num(r.limit)} left: nominal plus idle quota of other tenants)`;
    case "BORROWING_LIMIT":
      return `would take the tenant past its ${r.subject ?? ""} borrowing limit (asks ${num(r.requested)} GPUs, ${num(Math.max(0, r.available ?? 0))} of ${num(r.limit)} left: nominal plus borrowing limit)`;
    case "COHORT_BORROWING":
      return `run it on ${num(r.requested)} ${r.subject ?? ""} GPUs borrowed from other tenants' idle quota (it may be preempted when a lender needs its quota back)`;
    case "DEADLINE_UNREACHABLE":
      return `cannot finish it before its deadline (needs ${num((r.requested ?? 0) / 3600)} h, ${num(Math.max(0, r.available ?? 0) / 3600)} h left)`;
    case "CARBON_BUDGET":
      return `would exceed the tenant's carbon budget by ${formatCo2eMass(((r.requested ?? 0) - (r.available ?? 0)) * 1000)}`;
    case "CARBON_SERIES_NOT_COVERING":
      return "have no intensity data for the run window";
    case "LATER_THAN_ANOTHER_CLUSTER":
      return `could start it only later (in ${num((r.requested ?? 0) / 60)} min) while another cluster starts it sooner, and the job has no window to wait in`;
    case "RESERVED_FOR_WAITING_JOB":
      return `hold a reservation of ${num(r.limit)} GPUs for a job that waits for capacity there, and another cluster starts this job now, so it leaves that capacity free`;
    case "SIGNAL_TYPE_NOT_COMPARED":
      // subject: this cluster's signal ("marginal/lifecycle"); the decision's own signal is in the explanation.
      return `report a ${(r.subject ?? "different").split("/").join(" ")} carbon signal, which is not comparable with the signal most candidates share`;
    case "DEFERRAL_BELOW_MINIMUM_SAVING":
      return `would save only ${formatCo2eMass(r.requested ?? 0)} by waiting, below the policy's minimum of ${formatCo2eMass(r.limit ?? 0)}, so it starts as early as it can`;
    case "DEFERRAL_WITHIN_FORECAST_ERROR":
      return `would save ${formatCo2eMass(r.requested ?? 0)} by waiting, within the forecast's error of ${formatCo2eMass(r.limit ?? 0)}, so it starts as early as it can`;
  }
}
