/**
 * Plugin registry: a plain value built on demand (no global mutable state); callers may extend the
 * returned maps with their own plugins before resolving a policy.
 */
import { EngineError } from "../errors";
import { cpuFitFilter } from "./filters/cpu-fit";
import { gangRackFilter } from "./filters/gang-rack";
import { gpuFitFilter } from "./filters/gpu-fit";
import { gpuModelFilter } from "./filters/gpu-model";
import { memoryFitFilter } from "./filters/memory-fit";
import { nodeLabelsFilter } from "./filters/node-labels";
import { nodeReadyFilter } from "./filters/node-ready";
import { bestFitScore } from "./plugins/best-fit";
import { dotProdScore } from "./plugins/dot-prod";
import { eBinpackScore } from "./plugins/e-binpack";
import { fgdExactScore, fgdScore } from "./plugins/fgd";
import { gpuClusteringScore } from "./plugins/gpu-clustering";
import { gpuPackingScore } from "./plugins/gpu-packing";
import { spreadScore } from "./plugins/spread";
import { verdantFragScore } from "./plugins/verdant";
import type { PlacementPolicy } from "./policy";
import type { FilterPlugin, NodeFact, ScorePlugin } from "./types";

/** Filter and score plugins by name. */
export interface PluginRegistry {
  readonly filters: ReadonlyMap<string, FilterPlugin>;
  readonly scores: ReadonlyMap<string, ScorePlugin>;
}

/** A fresh registry holding the built-in plugins. */
export function createPluginRegistry(): PluginRegistry {
  const filters = [nodeReadyFilter, nodeLabelsFilter, gpuModelFilter, cpuFitFilter, memoryFitFilter, gpuFitFilter, gangRackFilter];
  const scores = [fgdScore, fgdExactScore, bestFitScore, gpuPackingScore, gpuClusteringScore, dotProdScore, spreadScore, eBinpackScore, verdantFragScore];
  return { filters: new Map(filters.map((f) => [f.name, f])), scores: new Map(scores.map((s) => [s.name, s])) };
}

/** A policy with its plugins looked up. */
export interface ResolvedPolicy {
  readonly policy: PlacementPolicy;
  readonly filters: readonly FilterPlugin[];
  readonly scores: readonly { readonly plugin: ScorePlugin; readonly weight: number }[];
  readonly secondary: readonly ScorePlugin[];
  /** Node facts beyond resources that some plugin reads (they become part of the group key). */
  readonly reads: ReadonlySet<NodeFact>;
}

/** Resolves plugin names; throws UNKNOWN_PLUGIN naming the policy and the missing plugin. */
export function resolvePolicy(policy: PlacementPolicy, registry: PluginRegistry = createPluginRegistry()): ResolvedPolicy {
  const need = <T>(map: ReadonlyMap<string, T>, name: string, kind: string): T => {
    const found = map.get(name);
    if (!found) throw new EngineError("UNKNOWN_PLUGIN", `policy ${policy.name}@${policy.version} names unknown ${kind} plugin "${name}"`);
    return found;
  };
  const filters = policy.filters.map((n) => need(registry.filters, n, "filter"));
  const scores = policy.scores.map((s) => {
    if (!Number.isFinite(s.weight) || s.weight < 0)
      throw new EngineError("INVALID_SCORE", `policy ${policy.name}: weight of ${s.plugin} must be a finite number >= 0`);
    return { plugin: need(registry.scores, s.plugin, "score"), weight: s.weight };
  });
  const secondary = policy.tieBreak.secondary.map((n) => need(registry.scores, n, "score"));
  const reads = new Set<NodeFact>();
  for (const p of [...filters, ...scores.map((s) => s.plugin), ...secondary]) for (const f of p.reads ?? []) reads.add(f);
  return { policy, filters, scores, secondary, reads };
}
