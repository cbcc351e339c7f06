/**
 * The one-line summary of a coordinator explanation, rendered from its recorded data (each cluster's
 * filters and start), so a stored explanation always reads in the current words:
 * "0/3 clusters can run this job now: 2 lack 500 CPU cores on one node (most free: 128 CPU cores), ...".
 * Each rejected cluster counts once, under its binding reason: the first unresolvable one (what will
 * never change by waiting), else the first failing one.
 */
import type { ClusterConsideration } from "./explanation-schema";
import { describeClusterReason, type ClusterReason } from "./reasons";

/** The reason that binds a rejected cluster (null when it has none recorded). */
export function bindingReason(c: Pick<ClusterConsideration, "filters">): ClusterReason | null {
  const failing = c.filters.filter((f) => !f.passed && f.reasons.length > 0);
  const f = failing.find((x) => x.verdict === "unfit-unresolvable") ?? failing[0];
  return f?.reasons[0] ?? null;
}

/**
 * Rejected clusters counted by binding reason code, with one example each (the largest `available`;
 * its subject lists every cluster's subject, e.g. all the regions that were refused).
 */
export function reasonHistogram(clusters: readonly Pick<ClusterConsideration, "filters" | "passed">[]) {
  const counts: Record<string, number> = {};
  const examples = new Map<string, ClusterReason>();
  const subjects = new Map<string, Set<string>>();
  for (const c of clusters) {
    if (c.passed) continue;
    const r = bindingReason(c);
    if (!r) continue;
    counts[r.code] = (counts[r.code] ?? 0) + 1;
    const prev = examples.get(r.code);
    if (!prev || (r.available ?? 0) > (prev.available ?? 0)) examples.set(r.code, r);
    if (r.subject !== undefined) subjects.set(r.code, (subjects.get(r.code) ?? new Set()).add(r.subject));
  }
  for (const [code, r] of examples) {
    const all = [...(subjects.get(code) ?? [])].sort();
    if (all.length > 1) examples.set(code, { ...r, subject: all.join(", ") });
  }
  return { counts, examples };
}

/** The summary line of the considered clusters at `decidedAtMs`. */
export function summarizeClusters(clusters: readonly ClusterConsideration[], decidedAtMs: number): string {
  const n = clusters.length;
  const now = clusters.filter((c) => c.carbon !== null && c.carbon.earliestStartMs === decidedAtMs).length;
  const later = clusters.filter((c) => c.passed).length - now;
  const head = `${now}/${n} clusters can run this job now${later > 0 ? ` (${later} more later)` : ""}`;
  const { counts, examples } = reasonHistogram(clusters);
  const parts = Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, count]) => `${count} ${describeClusterReason(examples.get(code) as ClusterReason)}`);
  return parts.length > 0 ? `${head}: ${parts.join(", ")}` : head;
}
