/**
 * Plain-English rendering of a coordinator explanation: a few sentences, pure and deterministic
 * (fixed number formats, UTC times), so the same explanation always reads the same.
 */
import { formatNumber } from "../carbon/figure";
import { formatCo2eMass } from "../carbon/format-mass";
import type { CoordinatorExplanation } from "./explanation-schema";
import { describeClusterReason } from "./reasons";
import { borrowingSentence } from "./borrowing-section";
import { preemptionSentence } from "../preemption/preemption-sentence";
import { elasticSentence } from "./elastic-section";
import { topologySentence } from "./topology-section";
import { backfillSentence, capacityWaitSentence } from "./reservation-section";
import { summarizeClusters } from "./summary";
import { SPLIT_BASE_SLOWDOWN_PCT, SPLIT_REFERENCE } from "./split";

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
const hours = (s: number) => `${formatNumber(s / 3600)} h`;

/** How each kind of fix reads in "No single change tried (...)". */
const TRIED_WORDS: Record<CoordinatorExplanation["counterfactuals"]["fixesTried"][number], string> = {
  "wider-window": "a later deadline",
  "other-model": "any GPU model",
  "smaller-request": "less CPU, memory or GPU share",
  "fewer-gpus": "fewer GPUs per member",
  "fewer-members": "fewer members",
  "gang-across-racks": "members in different racks",
  "less-compute": "less compute",
  "allow-split": "a split across clusters",
  "other-region": "another region",
  "raise-quota": "a higher quota",
  "shorter-run": "a shorter run within the monthly GPU-hours",
  "month-rollover": "waiting for the monthly GPU-hours to renew",
};

/** The penalty formula with the split's numbers (older explanations stored it as text). */
export function splitFormula(split: NonNullable<CoordinatorExplanation["split"]>): string {
  if (split.effectiveDistanceKm === undefined) return split.formula ?? "";
  const base = SPLIT_BASE_SLOWDOWN_PCT[split.parallelism];
  return `${base}% x (${formatNumber(split.effectiveDistanceKm)} km / ${SPLIT_REFERENCE.distanceKm} km) x (${SPLIT_REFERENCE.bandwidthGbps} Gbps / ${split.bandwidthGbps} Gbps)`;
}

/** Why the job was split, as a sentence. */
export function splitWhySentence(why: NonNullable<NonNullable<CoordinatorExplanation["split"]>["why"]>, maxSlowdownPct: number | undefined): string {
  const limit = maxSlowdownPct === undefined ? "" : `, within the policy's limit of ${formatNumber(maxSlowdownPct)}%`;
  return why.kind === "no-whole-cluster"
    ? `Split because no single cluster can hold the whole gang${limit}.`
    : `Split because no single cluster can start it now: whole, it would start at ${utc(why.wholeStartMs)} and end at ${utc(why.wholeEndMs)}; split, it ends sooner despite the slowdown${limit}.`;
}

/** Renders the explanation as a short paragraph (one sentence per line). The job is never named by its id. */
export function formatExplanation(e: CoordinatorExplanation): string {
  const lines: string[] = [`${summarizeClusters(e.clusters, e.decidedAtMs)}.`];
  if (e.outcome === "unschedulable") {
    lines.push(
      `${e.couldEverRun ? "This job cannot be placed now" : "No cluster could ever hold this job as submitted"} under policy ${e.policy.name} v${e.policy.version}.`,
    );
    const fix = e.counterfactuals.fixes[0];
    const tried = e.counterfactuals.fixesTried.map((k) => TRIED_WORDS[k]);
    lines.push(
      fix
        ? `Smallest change that would let it run: ${fix.description}.`
        : tried.length > 0
          ? `No single change tried (${tried.join(", ")}) would let it run.`
          : "No change to the request applies: only the fleet can change for it.",
    );
    return lines.join("\n");
  }
  const first = e.chosen[0];
  if (!first) return lines.join("\n");
  const c = e.clusters.find((x) => x.clusterId === first.clusterId);
  const nodes = e.chosen.flatMap((p) => p.placements.map((m) => `${m.nodeName}[${m.gpuIndices.join(",")}]`));
  const when = first.startMs === e.decidedAtMs ? "now" : `at ${utc(first.startMs)}`;
  if (e.split) {
    const names = e.split.clusterIds.map((id) => e.clusters.find((x) => x.clusterId === id)?.name ?? id);
    lines.push(
      `Split across ${names.join(" and ")} (${e.split.membersPerPart.join(" + ")} members), starting ${when}, over a ${e.split.bandwidthGbps} Gbps link of ${e.split.distanceKm} km: predicted slowdown ${formatNumber(e.split.slowdownPct)}% (${splitFormula(e.split)}).`,
    );
    if (e.split.why) lines.push(splitWhySentence(e.split.why, e.split.maxSlowdownPct));
  } else if (c) {
    const v = c.variant;
    const model = first.gpuModels.join("+");
    const compute =
      v?.computeUnitsProvided != null
        ? ` (${v.gpusTotal} ${model} = ${formatNumber(v.computeUnitsProvided)} A100-equivalents, estimated ${hours(v.durationS)})`
        : "";
    lines.push(`Placed on ${c.name} (${c.zone}, ${c.tier}) ${when}, nodes ${nodes.join(" ")}${compute}; score ${formatNumber(c.total ?? 0)}.`);
  }
  if (e.borrowing) lines.push(borrowingSentence(e.borrowing));
  if (e.preemption)
    lines.push(preemptionSentence(e.preemption, e.clusters.find((x) => x.clusterId === e.preemption?.clusterId)?.name ?? e.preemption.clusterId));
  if (e.capacityWait)
    lines.push(capacityWaitSentence(e.capacityWait, e.clusters.find((x) => x.clusterId === e.capacityWait?.clusterId)?.name ?? e.capacityWait.clusterId));
  if (e.backfill) lines.push(backfillSentence(e.backfill));
  for (const p of e.chosen) {
    if (p.topology) lines.push(topologySentence(p.topology));
    if (p.elastic) lines.push(elasticSentence(p.elastic));
  }
  const emissions = e.chosen.map((p) => p.carbon.emissions.text);
  if (c?.carbon && !e.split) {
    lines.push(`Estimated ${c.carbon.emissions.text}; energy ${c.carbon.energy.text}.`);
    if (c.startReason === "carbon")
      lines.push(
        `Deferred from ${utc(c.carbon.earliestStartMs)} for cleaner power: saves ${formatCo2eMass(c.carbon.savingGCo2e)} (${formatNumber(c.carbon.savingPct)}%) versus starting then.`,
      );
    else if (c.startReason === "capacity")
      lines.push(`Starts when capacity frees up; no greener start in the window had room or saved at least the policy's threshold.`);
    const skipped = c.carbon.deferral?.reasons ?? [];
    if (c.startReason !== "carbon" && skipped.length > 0) lines.push(`Not deferred: it ${skipped.map((r) => describeClusterReason(r, 1)).join("; and it ")}.`);
  } else if (emissions.length > 0) lines.push(`Estimated ${emissions.join(" plus ")}.`);
  if (e.signalComparison) {
    const left = e.signalComparison.excludedClusterIds.map((id) => e.clusters.find((x) => x.clusterId === id)?.name ?? id);
    lines.push(
      `Compared on the ${e.signalComparison.decidedOn.replace("/", " ")} carbon signal most candidates share; ${left.join(", ")} ${left.length === 1 ? "reports" : "report"} a signal that is not comparable and ${left.length === 1 ? "was" : "were"} left out.`,
    );
  }
  const r = e.counterfactuals.runnerUp;
  const runnerUpName = r
    ? r.clusterId
        .split("+")
        .map((id) => e.clusters.find((c) => c.clusterId === id)?.name ?? id)
        .join(" + ")
    : "";
  if (r)
    lines.push(
      `Runner-up ${runnerUpName}: ${formatCo2eMass(r.deltaGCo2e)}, ${formatNumber(r.deltaWaitS / 3600)} h waiting and ${formatNumber(r.deltaFragmentationMilli)} milli-GPU fragmentation more than the choice.`,
    );
  return lines.join("\n");
}
