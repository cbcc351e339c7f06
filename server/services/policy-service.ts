/**
 * Placement policy administration: read the versions with their differences, preview how an edit
 * would change recent decisions, save an edit as a new audited version.
 */
import { createCoordinator, mixSeed, parseCoordinatorPolicy, type CoordinatorPolicy } from "../engine";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { PolicyForm } from "../schemas/policy-form";
import {
  findActivePolicy,
  findPolicyVersion,
  findRecentlyDecidedJobs,
  insertPolicyVersion,
  listPolicyVersions,
  type PolicyJson,
} from "../repositories/policy-repository";
import { isUniqueViolation } from "../repositories/job-repository";
import { DomainError, fieldError } from "./errors";
import { loadFleetSnapshot, toFleetJob } from "./fleet-snapshot";
import { createFleetCoordinator } from "./scheduling-cycle";

type Json = Record<string, unknown>;

/** Flattened key -> value of a policy's weights and constraints, for diffs. */
function flatten(prefix: string, value: unknown, out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
  else out[prefix] = value;
  return out;
}

/** What changed between two versions: one entry per changed setting. */
export function diffPolicies(before: Json | null, after: Json): { key: string; before: unknown; after: unknown }[] {
  const a = flatten("", before ?? {});
  const b = flatten("", after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((key) => ({ key, before: a[key] ?? null, after: b[key] ?? null }));
}

/** A stored version's weights and constraints with the engine's defaults applied (what the scheduler uses). */
function effectiveOf(row: { name: string; version: number; objectiveWeights: unknown; constraints: unknown }): Json {
  const parsed = parseCoordinatorPolicy({ name: row.name, version: row.version, objectiveWeights: row.objectiveWeights, constraints: row.constraints });
  return { objectiveWeights: parsed.objectiveWeights, constraints: parsed.constraints };
}

async function activeOrThrow(db: Db) {
  const active = await findActivePolicy(db);
  if (!active) throw new DomainError("PRECONDITION_FAILED", "There is no active placement policy.");
  return active;
}

/** The edited policy as the engine will read it (constraints not on the form are kept). */
function mergedPolicy(active: { name: string; version: number; constraints: unknown }, form: PolicyForm): CoordinatorPolicy {
  return parseCoordinatorPolicy({
    name: active.name,
    version: active.version + 1,
    objectiveWeights: form.objectiveWeights,
    constraints: {
      ...(active.constraints as Json),
      maxDeferralHours: form.maxDeferralHours,
      minDeferralSavingPct: form.minDeferralSavingPct,
      ...(form.minDeferralSavingGCo2e !== undefined ? { minDeferralSavingGCo2e: form.minDeferralSavingGCo2e } : {}),
      honorCarbonBudget: form.honorCarbonBudget,
      allowSplitAcrossClusters: form.allowSplitAcrossClusters,
      ...(form.backfill !== undefined ? { backfill: form.backfill } : {}),
      ...(form.preemptExemptMinutes !== undefined ? { preemptExemptMinutes: form.preemptExemptMinutes } : {}),
    },
  });
}

/** The active policy with defaults applied, and every version with its diff to the one before. */
export async function getPolicyState(db: Db) {
  const active = await activeOrThrow(db);
  const versions = await listPolicyVersions(db, active.name);
  const effective = parseCoordinatorPolicy({
    name: active.name,
    version: active.version,
    objectiveWeights: active.objectiveWeights,
    constraints: active.constraints,
  });
  return {
    active: { id: active.id, name: active.name, version: active.version, objectiveWeights: effective.objectiveWeights, constraints: effective.constraints },
    versions: versions.map((v, i) => {
      const older = versions[i + 1];
      return {
        id: v.id,
        version: v.version,
        active: v.active,
        note: v.note,
        createdAt: v.createdAt,
        createdBy: v.createdBy?.name ?? "seed",
        changes: older ? diffPolicies(effectiveOf(older), effectiveOf(v)) : [],
        /** How many settings rolling back to this version would change (0 for the active one). */
        differsFromActive: v.active ? 0 : diffPolicies(effectiveOf(active), effectiveOf(v)).length,
      };
    }),
  };
}

/** How the last `take` decided jobs would be placed on the fleet as it is now, under the active vs the edited policy. */
export async function previewPolicy(db: Db, form: PolicyForm, now: Date, take = 40) {
  const active = await activeOrThrow(db);
  const edited = mergedPolicy(active, form);
  const [{ snapshot }, current, jobs] = await Promise.all([
    loadFleetSnapshot(db, now.getTime()),
    createFleetCoordinator(db),
    findRecentlyDecidedJobs(db, take),
  ]);
  // Same target workload for both, so the comparison isolates the policy change (and it is loaded once).
  const proposed = { coordinator: createCoordinator({ policy: edited, workload: current.workload }) };
  const nameOf = new Map(snapshot.clusters.map((c) => [c.id, c.name]));
  const rows = jobs.map((job) => {
    const fleetJob = toFleetJob(job);
    const seed = mixSeed(11, job.id.length);
    const a = current.coordinator.decide(snapshot, fleetJob, { seed });
    const b = proposed.coordinator.decide(snapshot, fleetJob, { seed });
    const side = (d: typeof a) => ({
      outcome: d.outcome,
      cluster: d.parts[0] ? (nameOf.get(d.parts[0].clusterId) ?? null) : null,
      gCo2e: d.gCo2e,
      startMs: d.startMs,
    });
    return { jobId: job.id, jobName: job.name, current: side(a), edited: side(b) };
  });
  const changed = rows.filter(
    (r) => r.current.cluster !== r.edited.cluster || r.current.outcome !== r.edited.outcome || r.current.startMs !== r.edited.startMs,
  );
  const sum = (k: "current" | "edited") => rows.reduce((s, r) => s + (r[k].gCo2e ?? 0), 0);
  return {
    jobs: rows.length,
    changed: changed.length,
    gCo2eCurrent: sum("current"),
    gCo2eEdited: sum("edited"),
    rows: changed,
    changes: diffPolicies(effectiveOf(active), { objectiveWeights: edited.objectiveWeights, constraints: edited.constraints }),
  };
}

/** Saves the edit as a new active, audited version. */
export async function savePolicy(db: Db, user: SessionUser, form: PolicyForm, now: Date) {
  const active = await activeOrThrow(db);
  const edited = mergedPolicy(active, form);
  const changes = diffPolicies(effectiveOf(active), { objectiveWeights: edited.objectiveWeights, constraints: edited.constraints });
  if (changes.length === 0) throw new DomainError("BAD_REQUEST", "Nothing changed: the policy is the same as the active version.");
  try {
    const created = await insertPolicyVersion(db, {
      name: active.name,
      objectiveWeights: edited.objectiveWeights,
      constraints: edited.constraints,
      note: form.note || null,
      actorId: user.id,
      at: now,
    });
    return { id: created.id, version: created.version, changes };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", "Another admin saved the policy at the same moment; reload and try again.");
    throw error;
  }
}

/**
 * Rolls the policy back to an earlier version: a NEW active version with that version's weights and
 * constraints (history is kept, nothing is rewritten), audited as "policy.rollback". The scheduler reads
 * the active version at the start of each cycle, so the next cycle decides under it.
 */
export async function rollbackPolicy(db: Db, user: SessionUser, version: number, now: Date) {
  const active = await activeOrThrow(db);
  const target = await findPolicyVersion(db, active.name, version);
  if (!target) throw new DomainError("NOT_FOUND", `Version: ${active.name} has no version ${version}.`);
  const changes = diffPolicies(effectiveOf(active), effectiveOf(target));
  if (changes.length === 0) throw fieldError("version", `Version: v${version} is the same as the active version v${active.version}; nothing to roll back.`);
  try {
    const created = await insertPolicyVersion(db, {
      name: active.name,
      objectiveWeights: target.objectiveWeights as PolicyJson,
      constraints: target.constraints as PolicyJson,
      note: `Rolled back to v${version}`,
      actorId: user.id,
      at: now,
      action: "policy.rollback",
      auditAfter: { rolledBackTo: version },
    });
    return { id: created.id, version: created.version, rolledBackTo: version, changes };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", "Another admin changed the policy at the same moment; reload and try again.");
    throw error;
  }
}
