/**
 * The demo workload's mix, shared by the busy seed and the worker's arrival process: the seeded
 * priority classes (migration 20261124081750) with the share of demo jobs in each, each demo tenant's
 * share of arrivals, and the longest run a busy-demo job gets.
 */
import type { Rng } from "../engine";

/** The seeded priority classes and the share of demo jobs in each. */
export const DEMO_CLASS_SHARES = [
  { id: "pc-production", name: "production", priority: 1000, canPreempt: true, preemptible: false, share: 0.15 },
  { id: "pc-standard", name: "standard", priority: 500, canPreempt: true, preemptible: true, share: 0.55 },
  { id: "pc-best-effort", name: "best-effort", priority: 100, canPreempt: false, preemptible: true, share: 0.3 },
] as const;

/** Shares of arrivals per demo tenant (slug): Cirrus submits past its nominal share. */
export const DEMO_ARRIVAL_TENANT_SHARES = [
  { slug: "aurora-labs", share: 0.4 },
  { slug: "borealis-ai", share: 0.2 },
  { slug: "cirrus-media", share: 0.4 },
] as const;

/**
 * Longest run of the busy demo's jobs (running, queued and arriving): the coordinator prices a run
 * only inside the 48-hour forecast, and the policy may defer it by up to 24 hours first.
 */
export const DEMO_MAX_RUN_S = 20 * 3600;

/** A class id drawn by share. */
export function drawDemoClass(rng: Rng): string {
  let x = rng.next();
  for (const c of DEMO_CLASS_SHARES) {
    if (x < c.share) return c.id;
    x -= c.share;
  }
  return "pc-standard";
}

/** The priority of a demo class (standard's for an unknown id). */
export const demoClassPriority = (classId: string): number => DEMO_CLASS_SHARES.find((c) => c.id === classId)?.priority ?? 500;
