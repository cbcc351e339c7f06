/**
 * Which running jobs of a cluster a preemptor may take GPUs from, and what each would cost. A job is
 * eligible when its class is preemptible and ranks strictly below the preemptor, or when it runs on
 * GPUs borrowed beyond its own tenant's nominal quota while the preemptor's tenant is within its own
 * (the lender reclaims what it lent, whatever the borrower's class), or, when the preemptor holds a
 * capacity reservation, when its class is preemptible and it was backfilled and ran past its
 * predicted end (it was admitted on the promise of ending before the reservation). Jobs without preemption facts
 * (no class) are never eligible, nor is a job whose current run began less than the policy's
 * `preemptExemptMinutes` ago (a minimum run time, so a job restarted from its checkpoint is not
 * stopped again minutes later).
 */
import type { CoordinatorPolicy } from "../coordinator/policy";
import type { FleetCluster, FleetJob, FleetSnapshot, RunningJob } from "../coordinator/types";
import { MILLI_GPU_PER_GPU } from "../model/units";
import type { PreemptionReason } from "./preemption-section";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Whether a running job is within its minimum run time: its current run began less than
 * `exemptMinutes` ago, so it may not be stopped or shrunk yet. 0 exempts nothing.
 */
export function withinPreemptExemptTime(r: RunningJob, nowMs: number, exemptMinutes: number): boolean {
  return r.preemption !== undefined && exemptMinutes > 0 && nowMs - r.preemption.startedAtMs < exemptMinutes * MINUTE_MS;
}

/** One way of freeing GPUs from one running job: stop it, or (elastic) shed members down to shrinkTo. */
export interface VictimCandidate {
  readonly running: RunningJob;
  readonly reason: PreemptionReason;
  /** Members kept; null = the job is stopped. */
  readonly shrinkTo: number | null;
  /** GPUs freed (whole-GPU equivalents). */
  readonly gpus: number;
  readonly sinceCheckpointS: number;
  readonly lostGpuHours: number;
  readonly resumeFromWorkS: number;
}

/** GPUs one member of a running job holds (whole-GPU equivalents). */
export function memberGpus(r: RunningJob): number {
  return (r.job.gpuCount * r.job.gpuMilliPerGpu) / MILLI_GPU_PER_GPU;
}

/** GPUs the job would take of one model: compute-native jobs convert their A100-equivalents with the model's compute. */
function jobGpusOn(job: FleetJob, snapshot: FleetSnapshot, model: string): number {
  if (job.computeUnits != null) {
    const spec = snapshot.gpuModels.find((m) => m.id === model);
    return spec && spec.computeUnits > 0 ? Math.ceil(job.computeUnits / spec.computeUnits) : Number.POSITIVE_INFINITY;
  }
  return (job.gpuCount * job.gpuMilliPerGpu * job.gangSize) / MILLI_GPU_PER_GPU;
}

/**
 * Whether the preemptor's tenant, with this job added, stays within its nominal quota for some GPU
 * model the cluster offers (per-model cohort quotas when it has them, else its flat GPU quota).
 * Unknown tenants are not within quota: nothing is reclaimed on their behalf.
 */
export function withinNominalQuota(snapshot: FleetSnapshot, cluster: FleetCluster, job: FleetJob): boolean {
  const tenant = snapshot.tenants.find((t) => t.tenant === job.tenant);
  if (!tenant) return false;
  const models = [...new Set(cluster.state.nodes.map((n) => n.gpuModel).filter((m): m is string => m !== null))].filter(
    (m) => job.allowedGpuModels.length === 0 || job.allowedGpuModels.includes(m),
  );
  const quotas = tenant.modelQuotas ?? [];
  if (quotas.length > 0) return quotas.some((q) => models.includes(q.gpuModel) && q.gpusInUse + jobGpusOn(job, snapshot, q.gpuModel) <= q.nominalGpus);
  return models.some((m) => tenant.gpusInUse + jobGpusOn(job, snapshot, m) <= tenant.maxGpus);
}

function candidate(r: RunningJob, reason: PreemptionReason, shrinkTo: number | null, nowMs: number): VictimCandidate {
  const p = r.preemption as NonNullable<RunningJob["preemption"]>;
  const members = r.assignments.length;
  const gpus = memberGpus(r) * (shrinkTo === null ? members : members - shrinkTo);
  const savedAtMs = Math.max(p.startedAtMs, p.lastCheckpointMs ?? p.startedAtMs);
  const sinceCheckpointS = Math.max(0, (nowMs - savedAtMs) / 1000);
  const savedThisRunS = p.lastCheckpointMs === null ? 0 : Math.max(0, (p.lastCheckpointMs - p.startedAtMs) / 1000);
  return {
    running: r,
    reason,
    shrinkTo,
    gpus,
    sinceCheckpointS,
    lostGpuHours: (gpus * sinceCheckpointS * 1000) / HOUR_MS,
    resumeFromWorkS: p.checkpointedWorkS ?? savedThisRunS,
  };
}

/** What entitles a preemptor to take GPUs. */
export interface VictimRules {
  /** Its class may preempt: it takes from preemptible lower classes, and reclaims its tenant's lent quota. */
  readonly classMayPreempt: boolean;
  /** It holds a capacity reservation: it takes back GPUs from backfilled jobs that overran their predicted end. */
  readonly holdsReservation: boolean;
}

/** The rules of a preemptor whose class may preempt and that holds no reservation. */
export const CLASS_PREEMPTION: VictimRules = { classMayPreempt: true, holdsReservation: false };

/**
 * The eligible ways of freeing GPUs on one cluster, for a preemptor of the given priority under the
 * given rules. An elastic job that can shed members appears once per size it may shrink to
 * (minMembers up to one member fewer; shedding fewer loses less) and once stopping. Jobs within the
 * policy's minimum run time (`preemptExemptMinutes`) are left out.
 */
export function victimCandidates(
  snapshot: FleetSnapshot,
  cluster: FleetCluster,
  job: FleetJob,
  policy: CoordinatorPolicy,
  rules: VictimRules = CLASS_PREEMPTION,
): VictimCandidate[] {
  const priority = job.priority ?? 0;
  const exemptMinutes = policy.constraints.preemptExemptMinutes;
  const reclaim = rules.classMayPreempt && withinNominalQuota(snapshot, cluster, job);
  const out: VictimCandidate[] = [];
  for (const r of cluster.running) {
    const p = r.preemption;
    if (!p || r.jobId === job.id || memberGpus(r) <= 0 || withinPreemptExemptTime(r, snapshot.nowMs, exemptMinutes)) continue;
    const reason = victimReason(p, job, priority, reclaim, rules);
    if (!reason) continue;
    const members = r.assignments.length;
    if (p.minMembers !== null && p.minMembers >= 1)
      for (let keep = members - 1; keep >= p.minMembers; keep--) out.push(candidate(r, reason, keep, snapshot.nowMs));
    out.push(candidate(r, reason, null, snapshot.nowMs));
  }
  return out;
}

/** Why a running job is eligible, the cheapest reason first (reclaiming what is the preemptor's own), or null. */
function victimReason(
  p: NonNullable<RunningJob["preemption"]>,
  job: FleetJob,
  priority: number,
  reclaim: boolean,
  rules: VictimRules,
): PreemptionReason | null {
  // `reclaim` already requires a class that may preempt.
  if (reclaim && p.borrowedGpus > 0 && p.tenant !== job.tenant) return "borrowed-quota";
  // A class that is not preemptible keeps its promise even to a reservation.
  if (rules.holdsReservation && p.backfillOverrun === true && p.preemptible) return "backfill-overrun";
  if (rules.classMayPreempt && p.preemptible && p.priority < priority) return "lower-priority";
  return null;
}
