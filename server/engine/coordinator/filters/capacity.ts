/**
 * Filter capacity: the in-cluster placer found room at some start inside the window (the agent's
 * earliest-placement search). When it did not, the reasons name the binding constraint with numbers
 * (see capacity-diagnosis.ts): first on the cluster as if empty (every node free and ready) — a
 * shortfall there is unresolvable, and its numbers are the hardware's; otherwise on the cluster as it
 * will be at the earliest start — unfit, and its numbers are what is free then. Relaxing the named
 * resources to the `available` values makes the request fit at that start.
 */
import { diagnoseCapacity, diagnoseOnEmpty, inClusterReasons } from "../capacity-diagnosis";
import { stateForWindow } from "../timeline";
import type { ClusterReason } from "../reasons";
import { PASS, unfit, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects variants with no room in the window, naming the binding resource or rule. */
export const capacityFilter: ClusterFilterPlugin = {
  name: "capacity",
  stage: "placement",
  check: ({ cluster, variant, window, placement, placer, seed, ctx }) => {
    if (placement) return PASS;
    const request = variant.request;
    const never = diagnoseOnEmpty(cluster.state, request);
    if (never.length > 0) return unresolvable(...never);
    // The caller reads only whether the job starts now: the shortfall's numbers would be thrown away.
    if (ctx.startNowOnly) return unfit();
    // The shortfall's numbers are for the explanation, so they are worked out on first read (a pure
    // function of the cluster and the placer, whose caches never change results): on a full cluster
    // diagnosing every node cost more than the decision itself.
    let reasons: readonly ClusterReason[] | null = null;
    const diagnose = () => {
      const state = stateForWindow(cluster, window.earliestMs, window.earliestMs + variant.durationS * 1000);
      const now = diagnoseCapacity(state, request);
      return now.length > 0 ? now : inClusterReasons(placer, state, request, seed);
    };
    return {
      verdict: "unfit",
      get reasons() {
        reasons ??= diagnose();
        return reasons;
      },
    };
  },
};
