/**
 * The one-line summary of a coordinator explanation, rendered from its recorded data (each cluster's
 * filters and start), so a stored explanation always reads in the current words:
 * "0/3 clusters can run this job now: 2 lack 500 CPU cores on one node (most free: 128 CPU cores), ...".
 * Each rejected cluster counts once, under its binding reason: the first unresolvable one (what will
 * never change by waiting), else the first failing one.
 */
import type { ClusterConsideration } from "./explanation-schema";
import { describeClusterReason, type ClusterReason } from "./reasons";

/** The reasons of the filter that binds a rejected cluster (empty when none is recorded). */
export function bindingReasons(c: Pick<ClusterConsideration, "filters">): readonly ClusterReason[] {
  const failing = c.filters.filter((f) => !f.passed && f.reasons.length > 0);
  const f = failing.find((x) => x.verdict === "unfit-unresolvable") ?? failing[0];
  return f?.reasons ?? [];
}

/** The first reason that binds a rejected cluster (null when none is recorded). */
export function bindingReason(c: Pick<ClusterConsideration, "filters">): ClusterReason | null {
  return bindingReasons(c)[0] ?? null;
}

/**
 * Rejected clusters counted by binding reason code, with one example each (the largest `available`;
 * its subject lists every cluster's subject, e.g. all the regions that were refused).
 */
export function reasonHistogram(clusters: readonly Pick<ClusterConsideration, "filters" | "passed">[]) {
  const counts: Record<string, number> = {};
  const examples = new Map<string, ClusterReason>();
  /** The other reasons of the example's binding filter (e.g. memory beside CPU), named in the same phrase. */
  const companions = new Map<string, readonly ClusterReason[]>();
  const subjects = new Map<string, Set<string>>();
  for (const c of clusters) {
    if (c.passed) continue;
    const [r, ...rest] = bindingReasons(c);
    if (!r) continue;
    counts[r.code] = (counts[r.code] ?? 0) + 1;
    const prev = examples.get(r.code);
    if (!prev || (r.available ?? 0) > (prev.available ?? 0)) {
      examples.set(r.code, r);
      companions.set(r.code, rest);
    }
    if (r.subject !== undefined) subjects.set(r.code, (subjects.get(r.code) ?? new Set()).add(r.subject));
  }
  for (const [code, r] of examples) {
    const all = [...(subjects.get(code) ?? [])].sort();
    if (all.length > 1) examples.set(code, { ...r, subject: all.join(", ") });
  }
  return { counts, examples, companions };
}

/** The summary line of the considered clusters at `decidedAtMs`. */
export function summarizeClusters(clusters: readonly ClusterConsideration[], decidedAtMs: number): string {
  const n = clusters.length;
  const now = clusters.filter((c) => c.carbon !== null && c.carbon.earliestStartMs === decidedAtMs).length;
  const later = clusters.filter((c) => c.passed).length - now;
  const head = `${now}/${n} clusters can run this job now${later > 0 ? ` (${later} more later)` : ""}`;
  const { counts, examples, companions } = reasonHistogram(clusters);
  const parts = Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(
      ([code, count]) =>
        `${count} ${[examples.get(code) as ClusterReason, ...(companions.get(code) ?? [])].map((r) => describeClusterReason(r, count)).join(" and ")}`,
    );
  return parts.length > 0 ? `${head}: ${parts.join(", ")}` : head;
}
