/**
 * The decision hot path for one member: the same rules as {@link evaluateStep} (filter each group's
 * representative, score, normalize, weight, tie-break chain, final rule) but on the placer's
 * incremental {@link GroupIndex}, memoized scores in typed arrays and reused buffers, so a decision
 * allocates almost nothing. The per-group breakdown is rebuilt by evaluateStep only when an
 * explanation is read; the placer test checks both paths agree.
 */
import { EngineError } from "../errors";
import type { TieBreakRecord } from "../explain/schema";
import type { JobRequest } from "../model/job";
import type { NodeState } from "../model/node";
import type { GroupIndex } from "./group-index";
import { normalizeScores } from "./normalize";
import type { ResolvedPolicy } from "./registry";
import type { ScoreMemo } from "./score-memo";
import type { DecisionContext, ScorePlugin } from "./types";

const EPS = 1e-9;

/** What the hot path decides for one member. */
export interface StepDecision {
  readonly feasibleNodes: number;
  /** Chosen node index, or -1 when no node passes the filters. */
  readonly nodeIndex: number;
  readonly tieBreak: TieBreakRecord | null;
}

/** Reusable scratch buffers of one placer (grown on demand, never shrunk). */
export class StepBuffers {
  feasible = new Int32Array(0);
  tied = new Int32Array(0);
  raw = new Float64Array(0);
  norm = new Float64Array(0);
  totals = new Float64Array(0);

  /** Makes every buffer hold at least `n` entries. */
  ensure(n: number): void {
    if (this.feasible.length >= n) return;
    this.feasible = new Int32Array(n);
    this.tied = new Int32Array(n);
    this.raw = new Float64Array(n);
    this.norm = new Float64Array(n);
    this.totals = new Float64Array(n);
  }
}

/** Key of a job's shape for score memos (every request field a score may read). */
export function jobShapeKey(job: JobRequest): string {
  return `${job.cpuMilli}/${job.memoryMib}/${job.gpuCount}/${job.gpuMilliPerGpu}/${job.allowedGpuModels.join("|")}`;
}

/** The inputs of one member's decision, shared by its steps. */
interface StepScope {
  readonly nodes: readonly NodeState[];
  readonly job: JobRequest;
  readonly ctx: DecisionContext;
  readonly index: GroupIndex;
  readonly memo: ScoreMemo;
  /** Memo key of the job's shape (see {@link jobShapeKey}). */
  readonly shape: string;
  /** Memo key of the model pressure the scores see (see {@link pressureKeyOf}). */
  readonly pressureKey: string;
}

const pressureKeys = new WeakMap<ReadonlyMap<string, number>, string>();

/** Key of a model-pressure map for score memos (cached per map object; empty for no pressure). */
export function pressureKeyOf(pressure: ReadonlyMap<string, number>): string {
  if (pressure.size === 0) return "";
  let key = pressureKeys.get(pressure);
  if (key === undefined) {
    key = [...pressure].map(([m, p]) => `${m}:${p}`).join(",");
    pressureKeys.set(pressure, key);
  }
  return key;
}

/** Whether a node passes every filter, stopping at the first refusal (the fast boolean check when the plugin has one). */
export function passesFilters(rep: NodeState, job: JobRequest, filters: ResolvedPolicy["filters"], ctx: DecisionContext): boolean {
  let passed = true;
  for (let f = 0; f < filters.length && passed; f++) {
    const plugin = filters[f] as (typeof filters)[number];
    passed = plugin.passes ? plugin.passes(rep, job, ctx) : plugin.filter(rep, job, ctx).passed;
  }
  return passed;
}

/** A policy's filters split into those whose verdict a group keeps per job shape and the others (cached per resolved policy). */
const filterSplits = new WeakMap<ResolvedPolicy, { cacheable: ResolvedPolicy["filters"]; other: ResolvedPolicy["filters"] }>();

function splitFilters(resolved: ResolvedPolicy): { cacheable: ResolvedPolicy["filters"]; other: ResolvedPolicy["filters"] } {
  let split = filterSplits.get(resolved);
  if (!split) {
    split = { cacheable: resolved.filters.filter((f) => f.cacheable === true), other: resolved.filters.filter((f) => f.cacheable !== true) };
    filterSplits.set(resolved, split);
  }
  return split;
}

/**
 * Filters each group through its representative node and writes the feasible group ids into
 * `buf.feasible`; returns how many groups and how many nodes passed. The cacheable filters' verdict
 * of a group is kept in the memo per job shape (1 = passes, 0 = refused; filters are pure, so the
 * order they run in never changes whether a group passes).
 */
function collectFeasible(
  nodes: readonly NodeState[],
  job: JobRequest,
  resolved: ResolvedPolicy,
  ctx: DecisionContext,
  index: GroupIndex,
  groups: number,
  buf: StepBuffers,
  memo: ScoreMemo,
  shape: string,
): { nFeasible: number; feasibleNodes: number } {
  const { first, count, list, interner, memoId } = index;
  const { cacheable, other } = splitFilters(resolved);
  const verdicts = cacheable.length > 0 ? memo.table(`\u0000filters\u0000${shape}`, interner.size, interner.generation) : null;
  let nFeasible = 0;
  let feasibleNodes = 0;
  for (let k = 0; k < groups; k++) {
    const gid = list[k] as number;
    const rep = nodes[first[gid] as number] as NodeState;
    if (verdicts) {
      const mid = memoId[gid] as number;
      let v = verdicts[mid] as number;
      // NaN marks a group whose verdict for this shape is not known yet in this generation.
      if (v !== v) {
        v = passesFilters(rep, job, cacheable, ctx) ? 1 : 0;
        verdicts[mid] = v;
      }
      if (v === 0) continue;
    }
    if (passesFilters(rep, job, other, ctx)) {
      buf.feasible[nFeasible++] = gid;
      feasibleNodes += count[gid] as number;
    }
  }
  return { nFeasible, feasibleNodes };
}

/** Raw scores of the first `n` groups of `ids` into `out`, through the memo when the plugin allows it. */
function scoreInto(scope: StepScope, plugin: ScorePlugin, ids: Int32Array, n: number, out: Float64Array): void {
  const { nodes, job, ctx, index } = scope;
  const first = index.first;
  if (!plugin.cacheable) {
    for (let i = 0; i < n; i++) out[i] = plugin.score(nodes[first[ids[i] as number] as number] as NodeState, job, ctx);
    return;
  }
  // Indexed by the group key's interner id (shared by the placers of a fleet), keyed by the model pressure too.
  const { interner, memoId } = index;
  const table = scope.memo.table(`${plugin.name}\u0000${scope.shape}\u0000${scope.pressureKey}`, interner.size, interner.generation);
  for (let i = 0; i < n; i++) {
    const gid = ids[i] as number;
    const mid = memoId[gid] as number;
    let v = table[mid] as number;
    // NaN marks a group not scored yet in this generation.
    if (v !== v) {
      v = plugin.score(nodes[first[gid] as number] as NodeState, job, ctx);
      table[mid] = v;
    }
    out[i] = v;
  }
}

/** Weighted sum of each score plugin's normalized scores per feasible group into `buf.totals`; returns the top total. */
function weightedTotals(scope: StepScope, resolved: ResolvedPolicy, buf: StepBuffers, nFeasible: number): number {
  const { feasible, raw, norm, totals } = buf;
  totals.fill(0, 0, nFeasible);
  for (const { plugin, weight } of resolved.scores) {
    scoreInto(scope, plugin, feasible, nFeasible, raw);
    normalizeScores(plugin.name, plugin.normalization, raw, norm, nFeasible);
    for (let i = 0; i < nFeasible; i++) totals[i] = (totals[i] as number) + (norm[i] as number) * weight;
  }
  let best = -Infinity;
  for (let i = 0; i < nFeasible; i++) if ((totals[i] as number) > best) best = totals[i] as number;
  return best;
}

/** Writes the groups whose total is within EPS of the top into `buf.tied`; returns how many groups and nodes tie. */
function collectTied(buf: StepBuffers, count: GroupIndex["count"], nFeasible: number, best: number): { nTied: number; tiedNodes: number } {
  const { feasible, totals, tied } = buf;
  let nTied = 0;
  let tiedNodes = 0;
  for (let i = 0; i < nFeasible; i++) {
    if ((totals[i] as number) >= best - EPS) {
      const gid = feasible[i] as number;
      tied[nTied++] = gid;
      tiedNodes += count[gid] as number;
    }
  }
  return { nTied, tiedNodes };
}

/**
 * Narrows the tied groups by each secondary plugin's raw score in turn (keeping the top), until one
 * group is left. Returns the groups left and the rule that decided, if a secondary plugin left a single node.
 */
function applySecondary(scope: StepScope, resolved: ResolvedPolicy, buf: StepBuffers, nTied: number, decidedBy: string): { nTied: number; decidedBy: string } {
  const { tied, raw } = buf;
  const count = scope.index.count;
  for (const plugin of resolved.secondary) {
    if (nTied <= 1) break;
    scoreInto(scope, plugin, tied, nTied, raw);
    let top = -Infinity;
    for (let i = 0; i < nTied; i++) {
      const v = raw[i] as number;
      if (!Number.isFinite(v)) throw new EngineError("INVALID_SCORE", `tie-break plugin ${plugin.name} returned ${v}`, { plugin: plugin.name, raw: v });
      if (v > top) top = v;
    }
    let kept = 0;
    for (let i = 0; i < nTied; i++) if ((raw[i] as number) >= top - EPS) tied[kept++] = tied[i] as number;
    nTied = kept;
    if (decidedBy === "" && nTied === 1 && count[tied[0] as number] === 1) decidedBy = `secondary:${plugin.name}`;
  }
  return { nTied, decidedBy };
}

/** A uniformly random node among all nodes of the tied groups (one draw from the decision's rng). */
function randomTiedNode(scope: StepScope, tied: Int32Array, nTied: number): number {
  const { index, nodes, ctx } = scope;
  const count = index.count;
  let total = 0;
  for (let i = 0; i < nTied; i++) total += count[tied[i] as number] as number;
  let pick = ctx.rng.nextInt(total);
  for (let i = 0; i < nTied; i++) {
    const gid = tied[i] as number;
    const size = count[gid] as number;
    if (pick < size) return nthMember(index, nodes.length, gid, pick);
    pick -= size;
  }
  return index.first[tied[0] as number] as number;
}

/** Decides one member of `job` on `nodes`; `index` must belong to the job's group-key facts. */
export function decideStep(
  nodes: readonly NodeState[],
  job: JobRequest,
  resolved: ResolvedPolicy,
  ctx: DecisionContext,
  index: GroupIndex,
  memo: ScoreMemo,
  buf: StepBuffers,
): StepDecision {
  const groups = index.update(nodes);
  buf.ensure(groups);
  const shape = jobShapeKey(job);
  const { nFeasible, feasibleNodes } = collectFeasible(nodes, job, resolved, ctx, index, groups, buf, memo, shape);
  if (nFeasible === 0) return { feasibleNodes, nodeIndex: -1, tieBreak: null };

  const scope: StepScope = { nodes, job, ctx, index, memo, shape, pressureKey: ctx.modelPressure ? pressureKeyOf(ctx.modelPressure) : "" };
  const best = weightedTotals(scope, resolved, buf, nFeasible);
  // Tie-break chain: top total, then each secondary plugin's raw score, then node order or random.
  const { nTied: tiedGroups, tiedNodes } = collectTied(buf, index.count, nFeasible, best);
  const narrowed = applySecondary(scope, resolved, buf, tiedGroups, tiedNodes === 1 ? "unique-top-score" : "");
  let decidedBy = narrowed.decidedBy;
  let nodeIndex: number;
  if (resolved.policy.tieBreak.final === "random") {
    nodeIndex = randomTiedNode(scope, buf.tied, narrowed.nTied);
    if (decidedBy === "") decidedBy = "random";
  } else {
    nodeIndex = index.first[buf.tied[0] as number] as number;
    if (decidedBy === "") decidedBy = "node-order";
  }
  return {
    feasibleNodes,
    nodeIndex,
    tieBreak: { tiedGroups, tiedNodes, secondary: [...resolved.policy.tieBreak.secondary], final: resolved.policy.tieBreak.final, decidedBy },
  };
}

/** Index of the `nth` node (0-based, node order) of group `gid`. */
function nthMember(index: GroupIndex, n: number, gid: number, nth: number): number {
  let seen = 0;
  for (let i = index.first[gid] as number; i < n; i++) {
    if (index.gidOf(i) === gid && seen++ === nth) return i;
  }
  throw new EngineError("INVALID_PLACEMENT", `group ${gid} has fewer than ${nth + 1} members`);
}
