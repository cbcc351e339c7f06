/** Filter node-labels: every nodeSelector pair must match exactly and every affinity term must hold. */
import type { AffinityTerm } from "../../model/job";
import { fail, PASS, type FilterPlugin } from "../types";

function termHolds(labels: Readonly<Record<string, string>>, term: AffinityTerm): boolean {
  const value = labels[term.key];
  switch (term.operator) {
    case "Exists":
      return value !== undefined;
    case "In":
      return value !== undefined && (term.values ?? []).includes(value);
    case "NotIn":
      return value === undefined || !(term.values ?? []).includes(value);
  }
}

/** Rejects nodes failing the selector or affinity (LABEL_MISMATCH, subject = the first failing key). */
export const nodeLabelsFilter: FilterPlugin = {
  name: "node-labels",
  // Allocation-free twin of filter() for the hot path (most jobs carry no selector at all).
  passes: (node, job) => {
    const selector = job.nodeSelector;
    if (selector) for (const key in selector) if (node.labels[key] !== selector[key]) return false;
    const terms = job.nodeAffinity;
    if (terms) for (const term of terms) if (!termHolds(node.labels, term)) return false;
    return true;
  },
  filter: (node, job) => {
    for (const [key, value] of Object.entries(job.nodeSelector ?? {})) {
      if (node.labels[key] !== value) return fail({ code: "LABEL_MISMATCH", resource: "label", subject: `${key}=${value}` });
    }
    for (const term of job.nodeAffinity ?? []) {
      if (!termHolds(node.labels, term))
        return fail({ code: "LABEL_MISMATCH", resource: "label", subject: `${term.key} ${term.operator} ${(term.values ?? []).join(",")}` });
    }
    return PASS;
  },
};
