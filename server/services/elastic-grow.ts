/**
 * Growing running elastic jobs when capacity frees (docs/topology.md). Run after the scheduling cycle,
 * so queued jobs are served first. For each running job below its most members, the coordinator is
 * asked where up to (max - current) more members fit now on the job's own cluster, with the job's
 * nodes marked unavailable (a member per node, as the drivers start them); it may place fewer (the
 * growth is itself elastic, 1..missing). The growth commits in one transaction (shares, node counters,
 * Job.gangSize, a Decision listing every member with the elastic section's grownFrom), right after
 * the cluster's driver has resized the job (keeping its progress); a lost commit resizes it back. A
 * driver without resizeJob never grows jobs.
 */
import type { Db } from "../db/client";
import type { ClusterDriver } from "../drivers/types";
import { elasticGrowthInput, mixSeed } from "../engine";
import { commitGrowth, findGrowable } from "../repositories/elastic-grow-repository";
import { parseStoredAssignments, type StoredAssignment } from "../repositories/stored-json";
import { assignmentsFor } from "./cluster-drivers";
import { createFleetCoordinator } from "./scheduling-cycle";
import { loadFleetSnapshot, toFleetJob } from "./fleet-snapshot";
import { takesOf } from "./placement-takes";

/** A stable 32-bit hash of a job id (FNV-1a), so each job's growth decision has its own seed. */
function idSeed(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** What growing needs of the runner: each cluster's driver. */
export interface GrowDrivers {
  driverOf(clusterId: string): ClusterDriver | null;
}

/** Grows every running elastic job that can grow now; returns how many grew. */
export async function growElasticJobs(db: Db, drivers: GrowDrivers, now: Date, seed: number): Promise<number> {
  const jobs = (await findGrowable(db)).filter((j) => (j.maxMembers as number) > j.gangSize && j.decisions[0]?.clusterId);
  if (jobs.length === 0) return 0;
  const [{ snapshot, index }, { coordinator, policyId }] = await Promise.all([loadFleetSnapshot(db, now.getTime()), createFleetCoordinator(db)]);
  let grown = 0;
  for (const job of jobs) {
    const clusterId = job.decisions[0]?.clusterId as string;
    const driver = drivers.driverOf(clusterId);
    if (!driver?.resizeJob) continue;
    const current = parseStoredAssignments(job.decisions[0]?.assignments);
    // The engine's growth rule (shared with the simulator): the missing members as a job of their own, elastic 1..missing, now or not at all, on this cluster only.
    const input = elasticGrowthInput(snapshot, clusterId, toFleetJob(job), job.gangSize, job.maxMembers as number, new Set(current.map((a) => a.node)));
    if (!input) continue;
    const started = performance.now();
    const decision = coordinator.decide(input.snapshot, input.job, { seed: mixSeed(seed, idSeed(job.id)) });
    if (decision.outcome !== "placed") continue;
    const takes = takesOf(decision, index);
    const added = takes.length;
    const explanation = JSON.parse(JSON.stringify(decision.explanation));
    const part = explanation.chosen[0];
    if (part)
      part.elastic = { minMembers: job.minMembers as number, maxMembers: job.maxMembers as number, members: job.gangSize + added, grownFrom: job.gangSize };
    const assignments = [
      ...current,
      ...takes.map((t) => ({
        cluster: t.clusterId,
        node: t.nodeName,
        gpuIndices: t.gpuIndices,
        milliPerGpu: t.milliPerGpu,
        cpuMilli: t.cpuMilli,
        memoryMib: t.memoryMib,
      })),
    ];
    // The cluster first: a driver that refuses the new members (capacity it sees taken) leaves the
    // database untouched; a commit that then loses its race gives the cluster its old members back.
    const onCluster = (list: StoredAssignment[]) => assignmentsFor(clusterId, list);
    try {
      await driver.resizeJob(job.id, onCluster(assignments));
    } catch {
      continue;
    }
    const ok = await commitGrowth(db, {
      jobId: job.id,
      fromMembers: job.gangSize,
      toMembers: job.gangSize + added,
      takes,
      assignments,
      clusterId,
      policyId,
      explanationVersion: explanation.version,
      explanation,
      latencyMs: performance.now() - started,
      at: now,
    });
    if (!ok) {
      await driver.resizeJob(job.id, onCluster(current)).catch(() => undefined);
      continue;
    }
    grown++;
  }
  return grown;
}
