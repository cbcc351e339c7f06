/**
 * Cluster administration: create and edit a cluster with its driver connection, and retire it.
 *
 * Retiring: a retired cluster leaves the fleet: it is no placement candidate (the fleet snapshot
 * leaves it out, so explanations do not mention it), no driver runs for it, and fleet totals and
 * gauges do not count it; its nodes and history (decisions, emissions, samples) are kept. Only
 * retire and reactivate change a retired cluster's status; editing it keeps it retired. It is refused while any job still holds GPUs or CPU there, because a
 * retired cluster must not be running anything: set it to Draining first (no new jobs; running jobs
 * finish), then retire it. Queued jobs are never bound to a cluster, so the next cycle places them
 * elsewhere; those allowed only in this region, where no other active cluster is, keep waiting until
 * one is (or expire at their deadline) — the page shows how many.
 */
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { ClusterForm } from "../schemas/cluster-form";
import { loadKubeConfig } from "../drivers";
import {
  clusterOccupancy,
  findClusterForAdmin,
  insertCluster,
  listZoneOptions,
  reactivateCluster,
  retireCluster,
  strandedQueuedJobs,
  updateCluster,
  zoneExists,
  type ClusterFields,
  type ConnectionFields,
} from "../repositories/cluster-admin-repository";
import { isUniqueViolation } from "../repositories/job-repository";
import { DomainError, fieldError } from "./errors";
import { importInventoryAfterEdit, importInventoryOnCreate } from "./inventory-service";

/** The grid zones a cluster can be placed in, for the form's zone picker. */
export async function clusterFormOptions(db: Db) {
  return { zones: await listZoneOptions(db) };
}

/** The cluster's editable fields, its connection (no kubeconfig text) and what retiring it would touch. */
export async function getClusterForAdmin(db: Db, id: string) {
  const cluster = await findClusterForAdmin(db, id);
  if (!cluster) throw new DomainError("NOT_FOUND", "No such cluster.");
  const [occupancy, stranded] = await Promise.all([clusterOccupancy(db, id), strandedQueuedJobs(db, cluster)]);
  return { ...cluster, retireImpact: { runningJobs: occupancy.jobs, busyNodes: occupancy.busyNodes, strandedQueuedJobs: stranded } };
}

/**
 * Checks the kubeconfig as the driver will load it (the policy in drivers/kubeconfig-policy.ts: no
 * commands, no file paths, the refused field named); blank keeps a stored one on edit.
 */
function connectionOf(form: ClusterForm, stored: { kubeconfigSet: boolean } | null): ConnectionFields {
  if (form.driver === "SIMULATED") return { driver: "SIMULATED", kubeconfig: null, namespacePrefix: form.namespacePrefix };
  const text = form.kubeconfig.trim();
  if (!text) {
    if (stored?.kubeconfigSet) return { driver: "KUBERNETES", kubeconfig: undefined, namespacePrefix: form.namespacePrefix };
    throw fieldError("kubeconfig", "Paste the kubeconfig the Kubernetes driver connects with.");
  }
  try {
    loadKubeConfig({ kubeconfig: text, cluster: form.name });
  } catch (error) {
    throw fieldError("kubeconfig", (error as Error).message);
  }
  return { driver: "KUBERNETES", kubeconfig: text, namespacePrefix: form.namespacePrefix };
}

async function fieldsOf(db: Db, form: ClusterForm): Promise<ClusterFields> {
  if (!(await zoneExists(db, form.gridZoneId))) throw fieldError("gridZoneId", `No grid zone "${form.gridZoneId}".`);
  const { name, region, locationName, latitude, longitude, gridZoneId, tier, pue, status } = form;
  return { name, region, locationName, latitude, longitude, gridZoneId, tier, pue, status };
}

function nameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw fieldError("name", `A cluster named "${name}" already exists.`);
  throw error;
}

/**
 * Creates a cluster; a Kubernetes one has its nodes imported from the cluster's node list at once.
 * An import that fails (API server unreachable) leaves the cluster created without nodes, the error
 * on its connection; the worker's periodic import retries.
 */
export async function createCluster(db: Db, user: SessionUser, form: ClusterForm, now: Date) {
  const fields = await fieldsOf(db, form);
  const connection = connectionOf(form, null);
  const created = await insertCluster(db, fields, connection, user.id, now).catch((e) => nameTaken(e, form.name));
  if (connection.driver !== "KUBERNETES" || typeof connection.kubeconfig !== "string") return { ...created, inventory: null };
  const outcome = await importInventoryOnCreate(db, created, { kubeconfig: connection.kubeconfig, namespacePrefix: connection.namespacePrefix }, now);
  const inventory = outcome.ok
    ? { ok: true as const, nodesReported: outcome.nodesReported, added: outcome.added, skipped: outcome.skipped, error: null }
    : { ok: false as const, nodesReported: 0, added: 0, skipped: 0, error: outcome.error };
  return { ...created, inventory };
}

/**
 * Edits a cluster; a retired one stays retired whatever status the form sends (see {@link reactivate}).
 * A Kubernetes cluster saved with a kubeconfig (a new one: an unchanged one is not sent) has its
 * inventory imported again in the background, its drift recorded as the periodic refresh records it.
 */
export async function editCluster(db: Db, user: SessionUser, id: string, form: ClusterForm, now: Date) {
  const current = await findClusterForAdmin(db, id);
  if (!current) throw new DomainError("NOT_FOUND", "No such cluster.");
  const fields = await fieldsOf(db, form);
  const connection = connectionOf(form, current.connection);
  const updated = await updateCluster(db, id, fields, connection, user.id, now).catch((e) => nameTaken(e, form.name));
  if (!updated) throw new DomainError("NOT_FOUND", "No such cluster.");
  if (connection.driver !== "KUBERNETES" || typeof connection.kubeconfig !== "string") return { ...updated, inventoryImport: null };
  void importInventoryAfterEdit(db, { id, name: fields.name }, { kubeconfig: connection.kubeconfig, namespacePrefix: connection.namespacePrefix }, now);
  return { ...updated, inventoryImport: "started" as const };
}

export async function retire(db: Db, user: SessionUser, id: string, now: Date) {
  const retired = await retireCluster(
    db,
    id,
    async (tx, row) => {
      if (row.status === "RETIRED") throw new DomainError("PRECONDITION_FAILED", `${row.name} is already retired.`);
      const { jobs, busyNodes } = await clusterOccupancy(tx, id);
      if (jobs > 0 || busyNodes > 0) {
        throw new DomainError(
          "PRECONDITION_FAILED",
          `${row.name} still runs ${jobs} jobs on ${busyNodes} nodes. Set it to Draining (no new jobs; running ones finish) and retire it once they are done.`,
        );
      }
    },
    user.id,
    now,
  );
  if (!retired) throw new DomainError("NOT_FOUND", "No such cluster.");
  return retired;
}

/** Brings a retired cluster back into the fleet as ACTIVE (audited); refused when it is not retired. */
export async function reactivate(db: Db, user: SessionUser, id: string, now: Date) {
  const result = await reactivateCluster(db, id, user.id, now);
  if (!result) throw new DomainError("NOT_FOUND", "No such cluster.");
  if (!result.changed) throw new DomainError("PRECONDITION_FAILED", `${result.cluster.name} is not retired.`);
  return result.cluster;
}
