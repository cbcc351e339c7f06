/**
 * Stored reservations as the engine's `FleetCluster.reservations`, and back. A reservation whose node
 * is gone from the inventory is left out (the cycle recomputes it), so a stale row never withholds
 * capacity that no longer exists.
 */
import type { CoordinatorDecision, FleetSnapshot, Reservation } from "../engine";
import type { ReservationMode, ReservationWrite, StoredReservation } from "../repositories/reservation-repository";

/** The stored reservations on one cluster as engine reservations (node names resolved to indices). */
export function reservationsOn(clusterId: string, nodeIndex: ReadonlyMap<string, number>, stored: readonly StoredReservation[]): Reservation[] {
  const out: Reservation[] = [];
  for (const r of stored) {
    if (r.clusterId !== clusterId || r.assignments.length === 0) continue;
    if (!r.assignments.every((a) => nodeIndex.has(a.node))) continue;
    const first = r.assignments[0]!;
    out.push({
      jobId: r.jobId,
      job: {
        id: r.jobId,
        cpuMilli: first.cpuMilli,
        memoryMib: first.memoryMib,
        gpuCount: first.gpuIndices.length,
        gpuMilliPerGpu: first.milliPerGpu,
        allowedGpuModels: [],
        gangSize: r.assignments.length,
      },
      assignments: r.assignments.map((a) => ({ nodeIndex: nodeIndex.get(a.node)!, gpuIndices: [...a.gpuIndices] })),
      startMs: r.startAt.getTime(),
      endMs: r.endAt.getTime(),
    });
  }
  return out;
}

/**
 * The snapshot without the reservations of some jobs (those a cycle is about to decide again: each
 * must be free to use its own nodes, and they are recomputed in queue order). Clusters without any keep
 * their object, so the engine's per-cluster timeline caches stay warm.
 */
export function withoutReservationsOf(snapshot: FleetSnapshot, jobIds: ReadonlySet<string>): FleetSnapshot {
  if (jobIds.size === 0) return snapshot;
  return {
    ...snapshot,
    clusters: snapshot.clusters.map((c) =>
      c.reservations.some((r) => jobIds.has(r.jobId)) ? { ...c, reservations: c.reservations.filter((r) => !jobIds.has(r.jobId)) } : c,
    ),
  };
}

/** The snapshot with a decision's single future part held as a reservation on its cluster. */
export function withReservation(snapshot: FleetSnapshot, decision: CoordinatorDecision, jobId: string): FleetSnapshot {
  const part = decision.parts[0];
  if (!part) return snapshot;
  const held: Reservation = { jobId, job: part.request, assignments: part.assignments, startMs: part.startMs, endMs: part.endMs };
  return { ...snapshot, clusters: snapshot.clusters.map((c) => (c.id === part.clusterId ? { ...c, reservations: [...c.reservations, held] } : c)) };
}

/** The row a held capacity wait is stored as (nodes by name, as placements store them). */
export function reservationRow(decision: CoordinatorDecision, jobId: string, nodeNames: readonly string[], mode: ReservationMode): ReservationWrite | null {
  const part = decision.parts[0];
  if (!part || decision.parts.length !== 1) return null;
  return {
    jobId,
    clusterId: part.clusterId,
    assignments: part.assignments.map((a) => ({
      cluster: part.clusterId,
      node: nodeNames[a.nodeIndex]!,
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: part.request.gpuCount > 0 ? part.request.gpuMilliPerGpu : 0,
      cpuMilli: part.request.cpuMilli,
      memoryMib: part.request.memoryMib,
    })),
    startAt: new Date(part.startMs),
    endAt: new Date(part.endMs),
    mode,
  };
}
