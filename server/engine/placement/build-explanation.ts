/**
 * Materializes the explanation of a decision from its grouped evaluation: full filter verdicts per
 * group (re-running the pure filters on the representative), score breakdowns, tie-break, reason
 * histogram, fragmentation before/after and the one-line summary. Done on demand so deciding stays
 * fast; the result is identical whenever it is built.
 */
import type { Reason, ReasonCode } from "../explain/reason-codes";
import { EXPLANATION_VERSION, type MemberPlacement, type MemberStep, type NodeGroupExplanation, type PlacementExplanation } from "../explain/schema";
import { summarizeStep } from "../explain/summary";
import type { JobRequest } from "../model/job";
import { createRng } from "../model/rng";
import type { ClusterState, NodeState } from "../model/node";
import type { StepDecision } from "./decide-step";
import { evaluateStep } from "./evaluate-step";
import type { ResolvedPolicy } from "./registry";
import type { DecisionContext } from "./types";

/** What the placer keeps about one member step (the per-group breakdown is recomputed from it). */
export interface RecordedStep {
  readonly nodes: readonly NodeState[];
  readonly decision: StepDecision;
  readonly ctx: DecisionContext;
}

/** Inputs for {@link buildExplanation}. */
export interface ExplanationInput {
  readonly resolved: ResolvedPolicy;
  readonly job: JobRequest;
  readonly seed: number;
  readonly steps: readonly RecordedStep[];
  readonly placements: readonly MemberPlacement[];
  readonly placed: boolean;
  readonly before: ClusterState;
  readonly after: ClusterState;
  /** Null when the placer has no target workload. */
  readonly fragmentationOf: ((node: NodeState) => number) | null;
}

const SAMPLE_NODES = 5;

function explainStep(member: number, step: RecordedStep, input: ExplanationInput): { step: MemberStep; examples: Map<ReasonCode, Reason> } {
  const { resolved, job } = input;
  // Same rules as the hot path; the random final rule would draw from a fresh copy of the seeded
  // stream, so the recorded tie-break (what actually decided) is reported, not this one.
  const outcome = evaluateStep(step.nodes, job, resolved, { ...step.ctx, rng: createRng(input.seed) });
  const histogram: Record<string, number> = {};
  const examples = new Map<ReasonCode, Reason>();
  const groups: NodeGroupExplanation[] = outcome.groups.map((g) => {
    const rep = g.representative;
    const filters = resolved.filters.map((plugin) => {
      const verdict = plugin.filter(rep, job, step.ctx);
      return { plugin: plugin.name, passed: verdict.passed, reasons: verdict.reasons.map((r) => ({ ...r })) };
    });
    if (!g.passed) {
      const codes = new Set<ReasonCode>();
      for (const f of filters)
        for (const r of f.reasons) {
          codes.add(r.code);
          if (!examples.has(r.code)) examples.set(r.code, r);
        }
      for (const code of codes) histogram[code] = (histogram[code] ?? 0) + g.indices.length;
    }
    return {
      count: g.indices.length,
      firstNode: rep.name,
      firstNodeIndex: g.indices[0] as number,
      sampleNodes: g.indices.slice(0, SAMPLE_NODES).map((i) => (step.nodes[i] as NodeState).name),
      gpuModel: rep.gpuModel,
      cpuMilliFree: rep.cpuMilliFree,
      memoryMibFree: rep.memoryMibFree,
      gpuMilliFree: [...rep.gpuMilliFree],
      rack: rep.rack,
      ready: rep.ready,
      filters,
      passed: g.passed,
      scores: g.passed
        ? resolved.scores.map((s, i) => ({
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
  return {
    step: {
      member,
      nodesTotal: step.nodes.length,
      nodesFeasible: step.decision.feasibleNodes,
      groups,
      tieBreak: step.decision.tieBreak,
      reasonHistogram: histogram,
    },
    examples,
  };
}

/** Builds the explanation (see the zod schema in explain/schema.ts). */
export function buildExplanation(input: ExplanationInput): PlacementExplanation {
  const { job, placements, placed, fragmentationOf } = input;
  const built = input.steps.map((s, member) => explainStep(member, s, input));
  const steps = built.map((b) => b.step);
  const last = built[built.length - 1];
  const first = steps[0];
  const gangSize = job.gangSize ?? 1;
  const touched = [...new Set(placements.map((p) => p.nodeIndex))];
  const sum = (state: ClusterState, f: (n: NodeState) => number) => state.nodes.reduce((acc, n) => acc + f(n), 0);
  const fragmentation =
    fragmentationOf && placed
      ? {
          clusterBeforeMilli: sum(input.before, fragmentationOf),
          clusterAfterMilli: sum(input.after, fragmentationOf),
          nodesBeforeMilli: touched.map((i) => fragmentationOf(input.before.nodes[i] as NodeState)),
          nodesAfterMilli: touched.map((i) => fragmentationOf(input.after.nodes[i] as NodeState)),
        }
      : null;
  const headline = first ? summarizeStep(first.nodesTotal, first.nodesFeasible, first.reasonHistogram, built[0]?.examples ?? new Map()) : "";
  const where = placements.map((p) => `${p.nodeName}${p.gpuIndices.length ? ` (GPU ${p.gpuIndices.join(",")})` : ""}`).join(", ");
  const summary = placed
    ? `Placed ${gangSize > 1 ? `${gangSize} members on` : "on"} ${where}; ${headline}`
    : last
      ? (gangSize > 1 ? `Gang member ${steps.length} of ${gangSize} fits nowhere, so none is placed; ` : "") +
        summarizeStep(last.step.nodesTotal, 0, last.step.reasonHistogram, last.examples)
      : "";
  return {
    version: EXPLANATION_VERSION,
    policy: { name: input.resolved.policy.name, version: input.resolved.policy.version },
    seed: input.seed,
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
    placements: placed ? [...placements] : [],
    steps,
    fragmentation,
    reasonHistogram: placed || !last ? {} : last.step.reasonHistogram,
    summary,
  };
}
