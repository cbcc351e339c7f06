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
import { jobShapeKey, passesFilters } from "./decide-step";
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

/** Groups identical nodes (same key over `facts`) in node order; the first member is the representative. */
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

/** Raw score of one group under one plugin. */
type GroupScore = (group: EvaluatedGroup) => number;

/** Marks each group passed or not (through its representative); returns the feasible groups and their node count. */
function filterGroups(
  groups: readonly EvaluatedGroup[],
  job: JobRequest,
  resolved: ResolvedPolicy,
  ctx: DecisionContext,
): { feasible: EvaluatedGroup[]; feasibleNodes: number } {
  const feasible: EvaluatedGroup[] = [];
  let feasibleNodes = 0;
  for (const group of groups) {
    group.passed = passesFilters(group.representative, job, resolved.filters, ctx);
    if (group.passed) {
      feasible.push(group);
      feasibleNodes += group.indices.length;
    }
  }
  return { feasible, feasibleNodes };
}

/**
 * The raw score of a group under `plugin`, memoized by plugin + job shape + group key when the plugin
 * allows it. A memo is cleared when full so a long run's memory stays bounded.
 */
function scoreOf(plugin: ScorePlugin, job: JobRequest, ctx: DecisionContext, caches: StepCaches): GroupScore {
  if (!plugin.cacheable) return (group) => plugin.score(group.representative, job, ctx);
  const memoName = `${plugin.name}\u0000${jobShapeKey(job)}`;
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
}

/**
 * Scores the feasible groups: per plugin raw -> normalized -> weighted into each group's total,
 * keeping every number on the group for the explanation. Returns the per-group totals.
 */
function scoreFeasible(feasible: readonly EvaluatedGroup[], resolved: ResolvedPolicy, score: (plugin: ScorePlugin) => GroupScore): Float64Array {
  const totals = new Float64Array(feasible.length);
  const raw = new Float64Array(feasible.length);
  const norm = new Float64Array(feasible.length);
  for (const { plugin, weight } of resolved.scores) {
    const scoreGroup = score(plugin);
    for (let i = 0; i < feasible.length; i++) raw[i] = scoreGroup(feasible[i] as EvaluatedGroup);
    normalizeScores(plugin.name, plugin.normalization, raw, norm);
    for (let i = 0; i < feasible.length; i++) {
      const group = feasible[i] as EvaluatedGroup;
      group.raw.push(raw[i] as number);
      group.normalized.push(norm[i] as number);
      totals[i] = (totals[i] as number) + (norm[i] as number) * weight;
    }
  }
  for (let i = 0; i < feasible.length; i++) (feasible[i] as EvaluatedGroup).total = totals[i] as number;
  return totals;
}

/** The feasible groups whose total is within EPS of the top. */
function topGroups(feasible: readonly EvaluatedGroup[], totals: Float64Array): EvaluatedGroup[] {
  let best = -Infinity;
  for (let i = 0; i < feasible.length; i++) if ((totals[i] as number) > best) best = totals[i] as number;
  return feasible.filter((_, i) => (totals[i] as number) >= best - EPS);
}

/**
 * Narrows the tied groups by each secondary plugin's raw score in turn (keeping the top), until one
 * group is left. Returns the groups left and the rule that decided, if a secondary plugin left a single node.
 */
function applySecondary(
  tied: EvaluatedGroup[],
  resolved: ResolvedPolicy,
  score: (plugin: ScorePlugin) => GroupScore,
  decidedBy: string,
): { tied: EvaluatedGroup[]; decidedBy: string } {
  for (const plugin of resolved.secondary) {
    if (tied.length <= 1) break;
    const values = tied.map(score(plugin));
    let top = -Infinity;
    for (const v of values) {
      if (!Number.isFinite(v)) throw new EngineError("INVALID_SCORE", `tie-break plugin ${plugin.name} returned ${v}`, { plugin: plugin.name, raw: v });
      if (v > top) top = v;
    }
    const next = tied.filter((_, i) => (values[i] as number) >= top - EPS);
    if (decidedBy === "" && next.length === 1 && next[0]?.indices.length === 1) decidedBy = `secondary:${plugin.name}`;
    tied = next;
  }
  return { tied, decidedBy };
}

/** A uniformly random node among all nodes of the tied groups (one draw from the decision's rng), with its group. */
function randomTiedNode(tied: readonly EvaluatedGroup[], ctx: DecisionContext): { group: EvaluatedGroup; nodeIndex: number } {
  let pick = ctx.rng.nextInt(tied.reduce((n, g) => n + g.indices.length, 0));
  for (const g of tied) {
    if (pick < g.indices.length) return { group: g, nodeIndex: g.indices[pick] as number };
    pick -= g.indices.length;
  }
  const first = tied[0] as EvaluatedGroup;
  return { group: first, nodeIndex: first.indices[0] as number };
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
  const { feasible, feasibleNodes } = filterGroups(groups, job, resolved, ctx);
  if (feasible.length === 0) return { groups, feasibleNodes, chosen: null, tieBreak: null };

  const score = (plugin: ScorePlugin) => scoreOf(plugin, job, ctx, caches);
  const totals = scoreFeasible(feasible, resolved, score);
  // Tie-break chain: top total, then each secondary plugin's raw score, then node order or random.
  const top = topGroups(feasible, totals);
  const tiedGroups = top.length;
  const tiedNodes = top.reduce((n, g) => n + g.indices.length, 0);
  const narrowed = applySecondary(top, resolved, score, tiedNodes === 1 ? "unique-top-score" : "");
  let decidedBy = narrowed.decidedBy;
  let chosen: { group: EvaluatedGroup; nodeIndex: number };
  if (resolved.policy.tieBreak.final === "random") {
    chosen = randomTiedNode(narrowed.tied, ctx);
    if (decidedBy === "") decidedBy = "random";
  } else {
    const group = narrowed.tied[0] as EvaluatedGroup;
    chosen = { group, nodeIndex: group.indices[0] as number };
    if (decidedBy === "") decidedBy = "node-order";
  }
  return {
    groups,
    feasibleNodes,
    chosen,
    tieBreak: { tiedGroups, tiedNodes, secondary: [...resolved.policy.tieBreak.secondary], final: resolved.policy.tieBreak.final, decidedBy },
  };
}
