/**
 * Placement policies: named, versioned data that picks filters, score plugins with weights, the
 * tie-break chain and the GPU-selection rule. Weights live here, never in plugins.
 */

/** How GPU indices are chosen on the chosen node. */
export type GpuSelection = "first-fit" | "best-fit" | "fgd" | "fgd-exact" | "verdant-frag";

/** A weighted score plugin reference. */
export interface WeightedScore {
  readonly plugin: string;
  readonly weight: number;
}

/** A placement policy. */
export interface PlacementPolicy {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly filters: readonly string[];
  readonly scores: readonly WeightedScore[];
  /** Applied only among nodes tied on the weighted total: secondary plugins (raw, higher wins), then the final rule. */
  readonly tieBreak: { readonly secondary: readonly string[]; readonly final: "node-order" | "random" };
  readonly gpuSelection: GpuSelection;
}

/** Filters every in-cluster policy runs, in order. */
export const STANDARD_FILTERS = ["node-ready", "node-labels", "gpu-model", "cpu-fit", "memory-fit", "gpu-fit", "gang-rack"] as const;

const policy = (p: Omit<PlacementPolicy, "filters"> & { filters?: readonly string[] }): PlacementPolicy => ({
  filters: STANDARD_FILTERS,
  ...p,
});

/**
 * Verdant's default in-cluster policy (2.1.0): the node with the lowest cost
 * delta C_n(M) + 12 * delta F_n(M) + 2 * pressure(model) * request, both fragmentation terms taken against
 * M as the node's GPU model sees it (plugins/verdant-core.ts, model-workload.ts), in 100-milli buckets,
 * ties in node order; on it, the GPU with the lowest exact cost. Without GPU-model constraints in M it
 * places exactly as 2.0.0 (default openb trace, arrive-until 100: 4.20% unallocated vs FGD 4.88%); with
 * them, flexible jobs leave the models constrained jobs need (docs/benchmarks/placement.md).
 */
export const VERDANT_POLICY = policy({
  name: "verdant",
  version: "2.1.0",
  description:
    "Lowest capacity + FGD fragmentation cost per GPU model plus constrained-demand pressure (100-milli buckets), node-order ties; GPU by exact cost, then best fit",
  scores: [{ plugin: "verdant-frag", weight: 1 }],
  tieBreak: { secondary: [], final: "node-order" },
  gpuSelection: "verdant-frag",
});

/** Built-in policies: Verdant's default plus the baselines of the FGD paper. */
export const BUILTIN_POLICIES: readonly PlacementPolicy[] = [
  VERDANT_POLICY,
  policy({
    name: "fgd",
    version: "1.0.0",
    description: "Fragmentation gradient descent (reference integer scoring, node-order ties)",
    scores: [{ plugin: "fgd", weight: 1 }],
    tieBreak: { secondary: [], final: "node-order" },
    gpuSelection: "fgd",
  }),
  policy({
    name: "bestfit",
    version: "1.0.0",
    description: "Least leftover CPU+GPU",
    scores: [{ plugin: "best-fit", weight: 1 }],
    tieBreak: { secondary: [], final: "node-order" },
    gpuSelection: "best-fit",
  }),
  policy({
    name: "packing",
    version: "1.0.0",
    description: "GPU packing: shared GPUs, then used nodes, then idle nodes",
    scores: [{ plugin: "gpu-packing", weight: 1 }],
    tieBreak: { secondary: [], final: "node-order" },
    gpuSelection: "best-fit",
  }),
  policy({
    name: "clustering",
    version: "1.1.0",
    description: "GPU clustering by class (sharing / k whole GPUs), then fuller nodes",
    scores: [{ plugin: "gpu-clustering", weight: 1 }],
    tieBreak: { secondary: [], final: "node-order" },
    gpuSelection: "best-fit",
  }),
  policy({
    name: "dotprod",
    version: "1.0.0",
    description: "Tetris dot product of free and requested CPU/GPU",
    scores: [{ plugin: "dot-prod", weight: 1 }],
    tieBreak: { secondary: [], final: "node-order" },
    gpuSelection: "best-fit",
  }),
  policy({
    name: "random",
    version: "1.0.0",
    description: "Uniformly random feasible node (seeded)",
    scores: [],
    tieBreak: { secondary: [], final: "random" },
    gpuSelection: "first-fit",
  }),
  policy({
    name: "spread",
    version: "1.0.0",
    description: "Least allocated node first",
    scores: [{ plugin: "spread", weight: 1 }],
    tieBreak: { secondary: [], final: "node-order" },
    gpuSelection: "first-fit",
  }),
  policy({
    name: "ebinpack",
    version: "1.0.0",
    description: "Topology-aware binpack: busy nodes and racks first, gangs in one rack",
    scores: [{ plugin: "e-binpack", weight: 1 }],
    tieBreak: { secondary: ["best-fit"], final: "node-order" },
    gpuSelection: "best-fit",
  }),
];

/** Looks a built-in policy up by name; undefined when unknown. */
export function findBuiltinPolicy(name: string): PlacementPolicy | undefined {
  return BUILTIN_POLICIES.find((p) => p.name === name);
}
