/**
 * The decision runtime for one member: group identical nodes, run every filter on each group's
 * representative (recording which plugin said what), score feasible groups (raw -> normalized ->
 * weighted -> total), then pick the best with the policy's tie-break chain. Work scales with the
 * number of distinct node states, not nodes; cacheable raw scores are memoized across decisions.
 */
import { EngineError } from "../errors";
import type { TieBreakRecord } from "../explain/schema";
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import { nodeGroupKey } from "./group-key";
import { normalizeScores } from "./normalize";
import type { ResolvedPolicy } from "./registry";
import type { DecisionContext, FilterVerdict } from "./types";

/** Caches owned by one placer; they never change results, only speed. */
export interface StepCaches {
  readonly groupKey: WeakMap<NodeState, string>;
  readonly rawScore: Map<string, number>;
}

/** Upper bound on memoized raw scores before the memo is cleared (keeps memory flat in long runs). */
const RAW_SCORE_MEMO_LIMIT = 400_000;

/** One group of identical nodes as evaluated in a step. */
export interface EvaluatedGroup {
  readonly key: string;
  /** Member node indices in node order. */
  readonly indices: number[];
  readonly representative: NodeState;
  filters: { plugin: string; verdict: FilterVerdict }[];
  passed: boolean;
  raw: number[];
  normalized: number[];
  total: number | null;
}

/** Outcome of one step. */
export interface StepOutcome {
  readonly groups: readonly EvaluatedGroup[];
  readonly feasibleNodes: number;
  readonly chosen: { readonly group: EvaluatedGroup; readonly nodeIndex: number } | null;
  readonly tieBreak: TieBreakRecord | null;
}

function jobShapeKey(job: JobRequest): string {
  return `${job.cpuMilli}/${job.memoryMib}/${job.gpuCount}/${job.gpuMilliPerGpu}/${job.allowedGpuModels.join("|")}`;
}

function groupNodes(nodes: readonly NodeState[], resolved: ResolvedPolicy, caches: StepCaches): EvaluatedGroup[] {
  const byKey = new Map<string, EvaluatedGroup>();
  const groups: EvaluatedGroup[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as NodeState;
    let key = caches.groupKey.get(node);
    if (key === undefined) {
      key = nodeGroupKey(node, resolved.reads);
      caches.groupKey.set(node, key);
    }
    const group = byKey.get(key);
    if (group) group.indices.push(i);
    else {
      const created: EvaluatedGroup = { key, indices: [i], representative: node, filters: [], passed: false, raw: [], normalized: [], total: null };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** Evaluates one member of `job` against `nodes` under `resolved`. */
export function evaluateStep(
  nodes: readonly NodeState[],
  job: JobRequest,
  resolved: ResolvedPolicy,
  ctx: DecisionContext,
  caches: StepCaches,
): StepOutcome {
  const groups = groupNodes(nodes, resolved, caches);
  const feasible: EvaluatedGroup[] = [];
  let feasibleNodes = 0;
  for (const group of groups) {
    let passed = true;
    for (const plugin of resolved.filters) {
      const verdict = plugin.filter(group.representative, job, ctx);
      group.filters.push({ plugin: plugin.name, verdict });
      if (!verdict.passed) passed = false;
    }
    group.passed = passed;
    if (passed) {
      feasible.push(group);
      feasibleNodes += group.indices.length;
    }
  }
  if (feasible.length === 0) return { groups, feasibleNodes, chosen: null, tieBreak: null };

  const shape = jobShapeKey(job);
  const memoScore = (plugin: ResolvedPolicy["secondary"][number], group: EvaluatedGroup): number => {
    if (!plugin.cacheable) return plugin.score(group.representative, job, ctx);
    const memoKey = `${plugin.name}\u0000${shape}\u0000${group.key}`;
    let value = caches.rawScore.get(memoKey);
    if (value === undefined) {
      value = plugin.score(group.representative, job, ctx);
      if (caches.rawScore.size >= RAW_SCORE_MEMO_LIMIT) caches.rawScore.clear();
      caches.rawScore.set(memoKey, value);
    }
    return value;
  };

  const totals = new Float64Array(feasible.length);
  const raw = new Float64Array(feasible.length);
  const norm = new Float64Array(feasible.length);
  resolved.scores.forEach(({ plugin, weight }) => {
    for (let i = 0; i < feasible.length; i++) raw[i] = memoScore(plugin, feasible[i] as EvaluatedGroup);
    normalizeScores(plugin.name, plugin.normalization, raw, norm);
    for (let i = 0; i < feasible.length; i++) {
      const group = feasible[i] as EvaluatedGroup;
      group.raw.push(raw[i] as number);
      group.normalized.push(norm[i] as number);
      totals[i] = (totals[i] as number) + (norm[i] as number) * weight;
    }
  });
  feasible.forEach((g, i) => (g.total = totals[i] as number));

  // Tie-break chain: top total, then each secondary plugin's raw score, then node order or random.
  const EPS = 1e-9;
  let best = -Infinity;
  for (const t of totals) if (t > best) best = t;
  let tied = feasible.filter((_, i) => (totals[i] as number) >= best - EPS);
  const tiedGroups = tied.length;
  const tiedNodes = tied.reduce((n, g) => n + g.indices.length, 0);
  let decidedBy = tiedNodes === 1 ? "unique-top-score" : "";
  for (const plugin of resolved.secondary) {
    if (tied.length <= 1) break;
    const values = tied.map((g) => memoScore(plugin, g));
    for (const v of values) {
      if (!Number.isFinite(v)) throw new EngineError("INVALID_SCORE", `tie-break plugin ${plugin.name} returned ${v}`, { plugin: plugin.name, raw: v });
    }
    const top = Math.max(...values);
    const next = tied.filter((_, i) => (values[i] as number) >= top - EPS);
    if (next.length < tied.length && decidedBy === "") decidedBy = next.length === 1 ? `secondary:${plugin.name}` : "";
    tied = next;
  }
  let chosenGroup = tied[0] as EvaluatedGroup;
  let nodeIndex = chosenGroup.indices[0] as number;
  if (resolved.policy.tieBreak.final === "random") {
    let pick = ctx.rng.nextInt(tied.reduce((n, g) => n + g.indices.length, 0));
    for (const g of tied) {
      if (pick < g.indices.length) {
        chosenGroup = g;
        nodeIndex = g.indices[pick] as number;
        break;
      }
      pick -= g.indices.length;
    }
    if (decidedBy === "") decidedBy = "random";
  } else if (decidedBy === "") decidedBy = "node-order";
  return {
    groups,
    feasibleNodes,
    chosen: { group: chosenGroup, nodeIndex },
    tieBreak: { tiedGroups, tiedNodes, secondary: [...resolved.policy.tieBreak.secondary], final: resolved.policy.tieBreak.final, decidedBy },
  };
}
