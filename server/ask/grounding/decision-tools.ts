// The tools a model may call about one decision, each answering from that decision's record (which
// the asker may already see): the candidates with verdicts and scores, a cluster's intensity curve
// over the job's window, and the decision re-decided with one change to the job.
import { z } from "zod";
import type { CoordinatorExplanation } from "../../engine";
import type { Db } from "../../db/client";
import type { AskTools } from "../generate/ask-tool";
import { collectFacts } from "./collect-facts";
import { modelAliases } from "./vocabulary";
import { whatIfChangeSchema, runWhatIf, type WhatIfChange } from "./what-if";

/** What the tools need: the decision, its viewer-safe explanation and context, and the model names allowed in a change. */
export interface DecisionToolInput {
  db: Db;
  decisionId: string;
  explanation: CoordinatorExplanation;
  /** The context's cluster list (already cut to what the viewer may see). */
  candidates: unknown;
  /** Every GPU model code of the fleet, so a what-if names only real models. */
  modelCodes: readonly string[];
}

/** The three tools of a decision. */
export function decisionTools(input: DecisionToolInput): AskTools {
  const { explanation: e, decisionId } = input;
  return {
    list_candidates: {
      description: "The clusters this decision considered, each with its verdict, the filters that rejected it, its scores, total, rank and CO2e.",
      inputSchema: z.object({}),
      run: async () => ({ output: input.candidates, allowed: {}, charts: [{ kind: "candidate-scores", decisionId }] }),
    },
    intensity_curve: {
      description: "A considered cluster's carbon intensity (gCO2e/kWh) and the job's CO2e for each possible start over the job's window.",
      inputSchema: z.object({ cluster: z.string().min(1).max(100).describe("the cluster's name") }),
      run: async ({ cluster }: { cluster: string }) => {
        const c = e.clusters.find((k) => k.name.toLowerCase() === cluster.trim().toLowerCase());
        if (!c?.carbon) return { output: { error: `No curve for ${cluster}: it was not scored in this decision.` }, allowed: {} };
        const output = {
          cluster: c.name,
          zone: c.carbon.zone,
          points: c.carbon.curve.map((p) => ({
            start: new Date(p.startMs).toISOString(),
            meanGCo2ePerKwh: Number(p.meanGCo2ePerKwh.toFixed(1)),
            gCo2e: Number(p.gCo2e.toFixed(1)),
          })),
        };
        const chosen = e.chosen.some((p) => p.clusterId === c.clusterId);
        return {
          output,
          allowed: { ...collectFacts(output), clusters: [c.name] },
          ...(chosen ? { charts: [{ kind: "carbon-window" as const, decisionId }] } : {}),
        };
      },
    },
    redecide_with_change: {
      description:
        "Decides this job again on the fleet of the recorded moment with one change (other GPU models, fewer or more GPUs, a later deadline, allowing a split) and returns both outcomes.",
      inputSchema: whatIfChangeSchema,
      run: async (change: WhatIfChange) => {
        const unknown = (change.allowedGpuModels ?? []).filter((m) => !input.modelCodes.includes(m));
        if (unknown.length) return { output: { error: `Unknown GPU models: ${unknown.join(", ")}. Known: ${input.modelCodes.join(", ")}.` }, allowed: {} };
        const result = await runWhatIf(input.db, decisionId, e, change);
        if (!result) return { output: { error: "The inputs of this decision were not recorded, so it cannot be decided again." }, allowed: {} };
        const clusters = [result.recorded.cluster, result.changed.cluster].filter((c): c is string => c !== null);
        // The requested change goes back with the result, so its numbers ("with 1 GPU") may be cited.
        const output = { ...result, requested: change };
        return {
          output,
          allowed: { ...collectFacts(output), clusters, models: (change.allowedGpuModels ?? []).flatMap((m) => modelAliases(m)) },
          charts: [{ kind: "what-if", decisionId, change: result.change }],
          whatIf: result,
        };
      },
    },
  };
}
