/**
 * Inter-cluster links (admins): list, create, edit, delete, each audited. A link is stored once per
 * unordered pair (smaller id first). Figures must be physically possible: the route is at least the
 * great-circle distance between the clusters' coordinates, and the latency at least what light in a
 * vacuum needs over the route (300 km per ms); a refused figure names its field.
 */
import { getDistance } from "geolib";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { ClusterLinkForm } from "../schemas/cluster-link-form";
import {
  deleteClusterLink,
  findClusterPositions,
  insertClusterLink,
  listClusterLinks,
  updateClusterLink,
  type ClusterLinkFields,
} from "../repositories/cluster-link-repository";
import { isUniqueViolation } from "../repositories/job-repository";
import { DomainError, fieldError } from "./errors";

/** Light in a vacuum, km per ms: no link's one-way latency can beat it. */
const LIGHT_KM_PER_MS = 300;

/** Every link with its clusters' names. */
export function listLinks(db: Db) {
  return listClusterLinks(db);
}

/** Great-circle distance (km, rounded down) between two points. */
export function greatCircleKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  return Math.floor(getDistance(a, b, 1) / 1000);
}

/** The stored fields of a form (pair ordered), after checking both clusters exist and the figures are possible. */
async function checkedFields(db: Db, form: ClusterLinkForm): Promise<ClusterLinkFields> {
  const clusters = await findClusterPositions(db, [form.clusterAId, form.clusterBId]);
  const a = clusters.find((c) => c.id === form.clusterAId);
  const b = clusters.find((c) => c.id === form.clusterBId);
  if (!a) throw fieldError("clusterAId", `No cluster "${form.clusterAId}".`);
  if (!b) throw fieldError("clusterBId", `No cluster "${form.clusterBId}".`);
  const crowKm = greatCircleKm(a, b);
  if (form.distanceKm < crowKm) throw fieldError("distanceKm", `At least ${crowKm} km: ${a.name} and ${b.name} are ${crowKm} km apart as the crow flies.`);
  const minLatencyMs = form.distanceKm / LIGHT_KM_PER_MS;
  if (form.latencyMs < minLatencyMs)
    throw fieldError("latencyMs", `At least ${Math.ceil(minLatencyMs * 1000) / 1000} ms: light needs that long over ${form.distanceKm} km.`);
  const [first, second] = [form.clusterAId, form.clusterBId].sort();
  return { clusterAId: first!, clusterBId: second!, distanceKm: form.distanceKm, bandwidthGbps: form.bandwidthGbps, latencyMs: form.latencyMs };
}

/** The already-linked error, on the second cluster's field. */
const alreadyLinked = () => fieldError("clusterBId", "These two clusters are already linked; edit that link instead.");

/** Creates a link. */
export async function createLink(db: Db, user: SessionUser, form: ClusterLinkForm, now: Date) {
  const fields = await checkedFields(db, form);
  try {
    return await insertClusterLink(db, fields, user.id, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
}

/** Edits a link (its pair may change too). */
export async function editLink(db: Db, user: SessionUser, form: ClusterLinkForm, now: Date) {
  if (!form.id) throw fieldError("id", "Choose the link to edit.");
  const fields = await checkedFields(db, form);
  try {
    const updated = await updateClusterLink(db, form.id, fields, user.id, now);
    if (!updated) throw new DomainError("NOT_FOUND", `No link "${form.id}".`);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
}

/** Deletes a link. */
export async function removeLink(db: Db, user: SessionUser, id: string, now: Date) {
  if (!(await deleteClusterLink(db, id, user.id, now))) throw new DomainError("NOT_FOUND", `No link "${id}".`);
  return { id };
}
