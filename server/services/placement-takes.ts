/**
 * From an engine decision to what a commit writes: the nodes, GPUs and shares each part takes, with
 * the database ids of the fleet index the snapshot was built with. Shared by placements, preemptions
 * and elastic growth, which all commit decisions made on the same snapshot.
 */
import type { CoordinatorDecision } from "../engine";
import type { NodeTake } from "../repositories/placement-repository";
import type { FleetIndex } from "./fleet-snapshot";

/** The nodes, GPUs and shares a decision takes, with database ids for the commit. */
export function takesOf(decision: Pick<CoordinatorDecision, "parts">, index: FleetIndex): NodeTake[] {
  return decision.parts.flatMap((part) => {
    const ids = index.clusters.get(part.clusterId)!;
    return part.assignments.map((a) => ({
      clusterId: part.clusterId,
      nodeId: ids.nodeIds[a.nodeIndex]!,
      nodeName: ids.nodeNames[a.nodeIndex]!,
      gpuIds: a.gpuIndices.map((g) => ids.gpuIds[a.nodeIndex]![g]!),
      gpuIndices: [...a.gpuIndices],
      milliPerGpu: part.request.gpuCount > 0 ? part.request.gpuMilliPerGpu : 0,
      cpuMilli: part.request.cpuMilli,
      memoryMib: part.request.memoryMib,
    }));
  });
}

/** FNV-1a hash of a job id, mixed into a cycle's seed so each job decides with its own seed. */
export function hashJobId(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}
