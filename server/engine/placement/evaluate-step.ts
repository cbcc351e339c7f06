/**
 * The detailed evaluation of one member: group identical nodes, filter each group's representative,
 * score feasible groups (raw -> normalized -> weighted -> total), then pick the best with the
 * policy's tie-break chain, keeping every number per group. The placer decides with the allocation-
 * free twin in decide-step.ts and runs this only to materialize an explanation (same rules; the
 * placer test checks they agree).
 */
import { EngineError } from "../errors";
import type { TieBreakRecord } from "../explain/schema";
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import { nodeGroupKey } from "./group-key";
import { normalizeScores } from "./normalize";
import type { ResolvedPolicy } from "./registry";
import type { DecisionContext, NodeFact, ScorePlugin } from "./types";

/** Caches owned by one placer; they never change results, only speed. */
export interface StepCaches {
  /** Group keys by node identity, one map per set of key facts (e.g. with / without rack). */
  readonly groupKey: Map<string, WeakMap<NodeState, string>>;
  /** Raw scores by plugin + job shape, then by group key. */
  readonly rawScore: Map<string, Map<string, number>>;
}

/** Upper bound on memoized raw scores per (plugin, job shape) before that memo is cleared. */
const RAW_SCORE_MEMO_LIMIT = 50_000;
const EPS = 1e-9;

/** One group of identical nodes as evaluated in a step. */
export interface EvaluatedGroup {
  readonly key: string;
  /** Member node indices in node order. */
  readonly indices: number[];
  readonly representative: NodeState;
  passed: boolean;
  /** Per policy score plugin (only for feasible groups). */
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

function groupNodes(nodes: readonly NodeState[], facts: ReadonlySet<NodeFact>, caches: StepCaches): EvaluatedGroup[] {
  const variant = [...facts].sort().join(",");
  let keyCache = caches.groupKey.get(variant);
  if (!keyCache) {
    keyCache = new WeakMap();
    caches.groupKey.set(variant, keyCache);
  }
  const byKey = new Map<string, EvaluatedGroup>();
  const groups: EvaluatedGroup[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as NodeState;
    let key = keyCache.get(node);
    if (key === undefined) {
      key = nodeGroupKey(node, facts);
      keyCache.set(node, key);
    }
    const group = byKey.get(key);
    if (group) group.indices.push(i);
    else {
      const created: EvaluatedGroup = { key, indices: [i], representative: node, passed: false, raw: [], normalized: [], total: null };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** The group-key facts for this job: same-rack gangs must see racks apart. */
export function keyFactsFor(job: JobRequest, resolved: ResolvedPolicy, sameRack: boolean): ReadonlySet<NodeFact> {
  return (job.gangSize ?? 1) > 1 && sameRack && !resolved.reads.has("rack") ? new Set<NodeFact>([...resolved.reads, "rack"]) : resolved.reads;
}

/** Evaluates one member of `job` against `nodes` under `resolved`. */
export function evaluateStep(
  nodes: readonly NodeState[],
  job: JobRequest,
  resolved: ResolvedPolicy,
  ctx: DecisionContext,
  caches: StepCaches = { groupKey: new Map(), rawScore: new Map() },
): StepOutcome {
  const groups = groupNodes(nodes, keyFactsFor(job, resolved, ctx.gang.sameRack), caches);
  const feasible: EvaluatedGroup[] = [];
  let feasibleNodes = 0;
  const filters = resolved.filters;
  for (const group of groups) {
    let passed = true;
    for (let f = 0; f < filters.length && passed; f++) {
      const plugin = filters[f] as (typeof filters)[number];
      passed = plugin.passes ? plugin.passes(group.representative, job, ctx) : plugin.filter(group.representative, job, ctx).passed;
    }
    group.passed = passed;
    if (passed) {
      feasible.push(group);
      feasibleNodes += group.indices.length;
    }
  }
  if (feasible.length === 0) return { groups, feasibleNodes, chosen: null, tieBreak: null };

  const shape = jobShapeKey(job);
  const scoreOf = (plugin: ScorePlugin): ((group: EvaluatedGroup) => number) => {
    if (!plugin.cacheable) return (group) => plugin.score(group.representative, job, ctx);
    const memoName = `${plugin.name}\u0000${shape}`;
    let memo = caches.rawScore.get(memoName);
    if (!memo) {
      memo = new Map();
      caches.rawScore.set(memoName, memo);
    }
    const table = memo;
    return (group) => {
      let value = table.get(group.key);
      if (value === undefined) {
        value = plugin.score(group.representative, job, ctx);
        if (table.size >= RAW_SCORE_MEMO_LIMIT) table.clear();
        table.set(group.key, value);
      }
      return value;
    };
  };

  const totals = new Float64Array(feasible.length);
  const raw = new Float64Array(feasible.length);
  const norm = new Float64Array(feasible.length);
  for (const { plugin, weight } of resolved.scores) {
    const score = scoreOf(plugin);
    for (let i = 0; i < feasible.length; i++) raw[i] = score(feasible[i] as EvaluatedGroup);
    normalizeScores(plugin.name, plugin.normalization, raw, norm);
    for (let i = 0; i < feasible.length; i++) {
      const group = feasible[i] as EvaluatedGroup;
      group.raw.push(raw[i] as number);
      group.normalized.push(norm[i] as number);
      totals[i] = (totals[i] as number) + (norm[i] as number) * weight;
    }
  }
  let best = -Infinity;
  for (let i = 0; i < feasible.length; i++) {
    (feasible[i] as EvaluatedGroup).total = totals[i] as number;
    if ((totals[i] as number) > best) best = totals[i] as number;
  }

  // Tie-break chain: top total, then each secondary plugin's raw score, then node order or random.
  let tied = feasible.filter((_, i) => (totals[i] as number) >= best - EPS);
  const tiedGroups = tied.length;
  const tiedNodes = tied.reduce((n, g) => n + g.indices.length, 0);
  let decidedBy = tiedNodes === 1 ? "unique-top-score" : "";
  for (const plugin of resolved.secondary) {
    if (tied.length <= 1) break;
    const score = scoreOf(plugin);
    const values = tied.map(score);
    let top = -Infinity;
    for (const v of values) {
      if (!Number.isFinite(v)) throw new EngineError("INVALID_SCORE", `tie-break plugin ${plugin.name} returned ${v}`, { plugin: plugin.name, raw: v });
      if (v > top) top = v;
    }
    const next = tied.filter((_, i) => (values[i] as number) >= top - EPS);
    if (decidedBy === "" && next.length === 1 && next[0]?.indices.length === 1) decidedBy = `secondary:${plugin.name}`;
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
