/**
 * The placer: places one job (all gang members or none) on a cluster state under a policy and returns
 * the decision as data (placements + explanation). Pure with respect to its inputs: the only state it
 * keeps is caches keyed by immutable node objects, which change speed, never results.
 */
import { EngineError } from "../errors";
import { summarizeStep } from "../explain/summary";
import type { Reason, ReasonCode } from "../explain/reason-codes";
import { EXPLANATION_VERSION, type MemberPlacement, type MemberStep, type NodeGroupExplanation, type PlacementExplanation } from "../explain/schema";
import { assertValidJob, type JobRequest } from "../model/job";
import type { ClusterState, NodeState } from "../model/node";
import { createRng } from "../model/rng";
import type { TargetWorkload } from "../model/target-workload";
import { allocate, type PlacementAssignment } from "./allocate";
import { evaluateStep, type StepCaches, type StepOutcome } from "./evaluate-step";
import { nodeFragmentation } from "./fragmentation";
import { selectGpus } from "./gpu-select";
import type { PlacementPolicy } from "./policy";
import { rackGpuMilli, rackMemberCapacity } from "./rack-capacity";
import { createPluginRegistry, resolvePolicy, type PluginRegistry } from "./registry";
import type { DecisionContext } from "./types";

/** Options fixed for the lifetime of a placer. */
export interface PlacerOptions {
  readonly policy: PlacementPolicy;
  /** FGD's target workload M; required by fgd-based policies, optional otherwise (enables fragmentation reporting). */
  readonly workload?: TargetWorkload | null;
  readonly registry?: PluginRegistry;
}

/** A placement decision: data, never an exception, also when nothing fits. */
export interface PlacementDecision {
  readonly outcome: "placed" | "unschedulable";
  /** One assignment per member (empty when unschedulable); feed to {@link applyDecision}. */
  readonly assignments: readonly PlacementAssignment[];
  readonly explanation: PlacementExplanation;
}

/** A reusable placer bound to one policy and workload. */
export interface Placer {
  readonly policy: PlacementPolicy;
  /** Decides where `job` goes on `state`; `seed` drives every random choice and is recorded. */
  place(state: ClusterState, job: JobRequest, options: { readonly seed: number }): PlacementDecision;
  /** F_n(M) of one node in milli-GPU (0 without a workload), cached by node identity. */
  fragmentationOf(node: NodeState): number;
  /** Sum of F_n(M) over the cluster, milli-GPU. */
  clusterFragmentation(state: ClusterState): number;
}

const SAMPLE_NODES = 5;

function explainGroups(outcome: StepOutcome, nodes: readonly NodeState[], resolvedScores: readonly { plugin: { name: string }; weight: number }[]): NodeGroupExplanation[] {
  return outcome.groups.map((g) => {
    const rep = g.representative;
    return {
      count: g.indices.length,
      firstNode: rep.name,
      firstNodeIndex: g.indices[0] as number,
      sampleNodes: g.indices.slice(0, SAMPLE_NODES).map((i) => (nodes[i] as NodeState).name),
      gpuModel: rep.gpuModel,
      cpuMilliFree: rep.cpuMilliFree,
      memoryMibFree: rep.memoryMibFree,
      gpuMilliFree: [...rep.gpuMilliFree],
      rack: rep.rack,
      ready: rep.ready,
      filters: g.filters.map((f) => ({ plugin: f.plugin, passed: f.verdict.passed, reasons: f.verdict.reasons.map((r) => ({ ...r })) })),
      passed: g.passed,
      scores: g.passed
        ? resolvedScores.map((s, i) => ({
            plugin: s.plugin.name,
            raw: g.raw[i] as number,
            normalized: g.normalized[i] as number,
            weight: s.weight,
            weighted: (g.normalized[i] as number) * s.weight,
          }))
        : [],
      total: g.total,
    };
  });
}

function histogramOf(outcome: StepOutcome): { histogram: Record<string, number>; examples: Map<ReasonCode, Reason> } {
  const histogram: Record<string, number> = {};
  const examples = new Map<ReasonCode, Reason>();
  for (const g of outcome.groups) {
    if (g.passed) continue;
    const codes = new Set<ReasonCode>();
    for (const f of g.filters) for (const r of f.verdict.reasons) {
      codes.add(r.code);
      if (!examples.has(r.code)) examples.set(r.code, r);
    }
    for (const code of codes) histogram[code] = (histogram[code] ?? 0) + g.indices.length;
  }
  return { histogram, examples };
}

/** Creates a placer for a policy (plugins resolved once; throws UNKNOWN_PLUGIN on a bad policy). */
export function createPlacer(options: PlacerOptions): Placer {
  const resolved = resolvePolicy(options.policy, options.registry ?? createPluginRegistry());
  const workload = options.workload ?? null;
  const needsWorkload = [...resolved.scores.map((s) => s.plugin.name), ...resolved.secondary.map((s) => s.name)].some((n) => n.startsWith("fgd")) || options.policy.gpuSelection.startsWith("fgd");
  if (needsWorkload && !workload) throw new EngineError("UNKNOWN_POLICY", `policy ${options.policy.name} needs a target workload (FGD)`);
  const fragCache = new WeakMap<NodeState, number>();
  const caches: StepCaches = { groupKey: new WeakMap(), rawScore: new Map() };
  const fragmentationOf = (node: NodeState): number => {
    if (!workload) return 0;
    let f = fragCache.get(node);
    if (f === undefined) {
      f = nodeFragmentation(node, workload);
      fragCache.set(node, f);
    }
    return f;
  };
  const clusterFragmentation = (state: ClusterState): number => {
    let sum = 0;
    for (const node of state.nodes) sum += fragmentationOf(node);
    return sum;
  };

  const place = (state: ClusterState, job: JobRequest, { seed }: { readonly seed: number }): PlacementDecision => {
    assertValidJob(job);
    if (!Number.isInteger(seed)) throw new EngineError("INVALID_JOB", `seed must be an integer, got ${seed}`);
    const rng = createRng(seed);
    const gangSize = job.gangSize ?? 1;
    const sameRack = gangSize > 1 && (job.gangSameRack ?? true);
    const needRacks = resolved.reads.has("rack");
    let working = state;
    const assignments: PlacementAssignment[] = [];
    const placements: MemberPlacement[] = [];
    const steps: MemberStep[] = [];
    let gangRack: string | null = null;
    let failed: { histogram: Record<string, number>; summary: string } | null = null;
    let rackCapacity: ReadonlyMap<string, number> = new Map();

    for (let member = 0; member < gangSize; member++) {
      const makeContext = (capacity: ReadonlyMap<string, number>): DecisionContext => ({
        workload,
        fragmentationOf,
        rackGpuMilli: needRacks ? rackGpuMilli(working.nodes) : new Map(),
        gang: { remainingMembers: gangSize - member, rack: gangRack, sameRack, rackCapacity: capacity },
        rng,
      });
      // Rack capacity is counted once, before the first member, against the untouched state.
      if (member === 0 && sameRack) rackCapacity = rackMemberCapacity(working.nodes, job, makeContext(rackCapacity));
      const ctx = makeContext(rackCapacity);
      const outcome = evaluateStep(working.nodes, job, resolved, ctx, caches);
      const { histogram, examples } = histogramOf(outcome);
      steps.push({
        member,
        nodesTotal: working.nodes.length,
        nodesFeasible: outcome.feasibleNodes,
        groups: explainGroups(outcome, working.nodes, resolved.scores),
        tieBreak: outcome.tieBreak,
        reasonHistogram: histogram,
      });
      if (!outcome.chosen) {
        failed = { histogram, summary: summarizeStep(working.nodes.length, 0, histogram, examples) };
        break;
      }
      const node = working.nodes[outcome.chosen.nodeIndex] as NodeState;
      const gpuIndices = selectGpus(node, job, options.policy.gpuSelection, workload, fragmentationOf(node));
      const assignment = { nodeIndex: outcome.chosen.nodeIndex, gpuIndices };
      assignments.push(assignment);
      placements.push({ member, nodeName: node.name, nodeIndex: assignment.nodeIndex, gpuIndices, gpuMilliPerGpu: job.gpuMilliPerGpu, cpuMilli: job.cpuMilli, memoryMib: job.memoryMib });
      working = allocate(working, job, [assignment]);
      if (member === 0) gangRack = node.rack;
    }

    const placed = failed === null;
    const touched = [...new Set(assignments.map((a) => a.nodeIndex))];
    const fragmentation =
      workload && placed
        ? {
            clusterBeforeMilli: clusterFragmentation(state),
            clusterAfterMilli: clusterFragmentation(working),
            nodesBeforeMilli: touched.map((i) => fragmentationOf(state.nodes[i] as NodeState)),
            nodesAfterMilli: touched.map((i) => fragmentationOf(working.nodes[i] as NodeState)),
          }
        : null;
    const first = steps[0] as MemberStep;
    const summary = placed
      ? `Placed ${gangSize > 1 ? `${gangSize} members on ` : "on "}${placements.map((p) => `${p.nodeName}${p.gpuIndices.length ? ` (GPU ${p.gpuIndices.join(",")})` : ""}`).join(", ")}; ${summarizeStep(first.nodesTotal, first.nodesFeasible, first.reasonHistogram, new Map())}`
      : (failed as { summary: string }).summary;
    return {
      outcome: placed ? "placed" : "unschedulable",
      assignments: placed ? assignments : [],
      explanation: {
        version: EXPLANATION_VERSION,
        policy: { name: options.policy.name, version: options.policy.version },
        seed,
        job: {
          id: job.id ?? null,
          tenant: job.tenant ?? null,
          cpuMilli: job.cpuMilli,
          memoryMib: job.memoryMib,
          gpuCount: job.gpuCount,
          gpuMilliPerGpu: job.gpuMilliPerGpu,
          allowedGpuModels: [...job.allowedGpuModels],
          gangSize,
        },
        outcome: placed ? "placed" : "unschedulable",
        placements: placed ? placements : [],
        steps,
        fragmentation,
        reasonHistogram: failed ? failed.histogram : {},
        summary,
      },
    };
  };

  return { policy: options.policy, place, fragmentationOf, clusterFragmentation };
}

/** One-shot convenience: builds a placer and places a single job. */
export function placeJob(state: ClusterState, job: JobRequest, options: PlacerOptions & { readonly seed: number }): PlacementDecision {
  return createPlacer(options).place(state, job, { seed: options.seed });
}

/** Applies a decision to the state (no-op for an unschedulable decision). */
export function applyDecision(state: ClusterState, job: JobRequest, decision: PlacementDecision): ClusterState {
  return decision.outcome === "placed" ? allocate(state, job, decision.assignments) : state;
}
