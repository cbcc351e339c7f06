/**
 * Elastic growth in the simulator: after each dispatch (queued jobs first, as the live loop grows after
 * its scheduling cycle), every running elastic gang below its most members asks the coordinator for
 * the missing ones through the engine's growth rule (coordinator/elastic-growth.ts, the same as the
 * live loop's). Members that fit join now; the rest of the run's work then goes at the rate of the
 * larger gang, so it ends sooner.
 */
import { elasticGrowthInput } from "../coordinator/elastic-growth";
import { mixSeed } from "../model/rng";
import type { SimClusterRun } from "./sim-cluster";
import { gauge } from "./sim-queue";
import { buildSnapshot, fleetJob } from "./sim-snapshot";
import { P, type JobRec, type SimState } from "./sim-state";

/** Seed salt of growth decisions, so their tie-breaks differ from the job's placement decisions. */
const GROW_SEED_SALT = 0x6a09e667;

/** Whether the job is an elastic gang running with fewer members than it asked for. */
function growable(r: JobRec, members: number): boolean {
  return r.status === "running" && r.job.minMembers != null && members < r.job.gangSize && r.runEndMs !== undefined;
}

/** Grows one running elastic gang on its cluster if members fit now; returns whether it grew. */
function growOne(s: SimState, r: JobRec, c: SimClusterRun): boolean {
  const running = c.running.get(r.job.id);
  if (!running || r.runEndMs === undefined) return false;
  const members = running.assignments.length;
  const own = new Set(running.assignments.map((a) => c.state.nodes[a.nodeIndex]?.name ?? ""));
  const input = elasticGrowthInput(buildSnapshot(s, r, false), c.sim.id, fleetJob(s, r, true), members, r.job.gangSize, own);
  if (!input) return false;
  s.acc.decisions++;
  const d = s.coordinator.decideUnexplained(input.snapshot, input.job, { seed: mixSeed(mixSeed(s.input.seed, r.idx), r.token ^ GROW_SEED_SALT) });
  const part = d.parts[0];
  if (d.outcome !== "placed" || !part || part.assignments.length === 0) return false;
  const grownTo = members + part.assignments.length;
  const speedup = members / grownTo;
  gauge(s);
  c.finish(s.now, r.job.id);
  try {
    const job = { ...running.job, gangSize: grownTo };
    c.start(
      s.now,
      { ...running, job, assignments: [...running.assignments, ...part.assignments], endMs: s.now + (running.endMs - s.now) * speedup },
      r.job.gpuUtilization,
      r.job.powerScale,
    );
  } catch {
    // The growth does not fit the live state after all (should not happen): the run goes on as it was.
    c.start(s.now, running, r.job.gpuUtilization, r.job.powerScale);
    s.acc.conflicts++;
    return false;
  }
  s.acc.runGrown(r.job.id, running.job.gpuCount * running.job.gpuMilliPerGpu * part.assignments.length);
  r.runEndMs = s.now + (r.runEndMs - s.now) * speedup;
  r.token++;
  s.queue.push(r.runEndMs, P.complete, { k: "complete", r, token: r.token });
  return true;
}

/** Grows every running elastic gang that can grow now (see the file header); returns how many grew. */
export function growElastic(s: SimState): number {
  let grown = 0;
  for (const c of s.clusters)
    for (const [id, running] of [...c.running]) {
      const r = s.recById.get(id);
      if (r && growable(r, running.assignments.length) && growOne(s, r, c)) grown++;
    }
  return grown;
}
