// The template narrative: 4-7 sentences rendered from the period's facts, each tagged with the fact it
// rests on and linking to that fact's decisions. Shown when no model is configured or a generated
// text fails its check; every number it writes is one the facts hold (to the precision written).
import type { FactLinks, NarrativeSentence, PeriodFacts, Suggestion, WaitReason } from "./facts";

/** A number to the precision the narrative writes it: whole above 100, one decimal above 1, else two. */
export function fmt(n: number): string {
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 1 ? 1 : abs === 0 ? 0 : 2;
  return n.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** A mass of CO2e in kilograms, written in grams below 1 kg so small savings do not read as 0. */
export function mass(kg: number): string {
  return Math.abs(kg) < 1 ? `${fmt(kg * 1000)} g CO2e` : `${fmt(kg)} kg CO2e`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const REASON_PHRASE: Record<WaitReason, string> = {
  carbon: "waiting for cleaner power",
  capacity: "waiting for busy GPUs to free up",
  window: "waiting for the start of their window",
  unschedulable: "no cluster being able to take them",
  deferred: "deferrals",
  now: "queueing between scheduling cycles",
};

/** The phrase for why decisions waited. */
export function reasonPhrase(reason: WaitReason): string {
  return REASON_PHRASE[reason];
}

const links = (l: FactLinks): FactLinks => ({ decisionIds: l.decisionIds, decisionCount: l.decisionCount });

function decisionsSentence(f: PeriodFacts): string {
  const d = f.decisions;
  const total = d.placed + d.deferred + d.unschedulable;
  if (total === 0) return f.tenant ? `The scheduler made no decision for ${f.tenant} in this period.` : "The scheduler made no decision in this period.";
  const parts = [plural(d.placed, "placement"), plural(d.deferred, "deferral"), `${d.unschedulable.toLocaleString("en-US")} unschedulable`];
  const whose = f.tenant ? ` for ${f.tenant}` : "";
  return `The scheduler made ${plural(total, "decision")}${whose}: ${parts.join(", ")}.`;
}

function clustersSentence(f: PeriodFacts): string | null {
  const [first, ...rest] = f.clusters.busiest;
  if (!first) return null;
  const others = rest.map((c) => `${c.name} (${c.placements.toLocaleString("en-US")})`);
  return `${first.name} took the most placements, ${first.placements.toLocaleString("en-US")} (${fmt(first.sharePct)} %)${others.length ? `, then ${others.join(" and ")}` : ""}.`;
}

function waitsSentence(f: PeriodFacts): string {
  const w = f.waits;
  if (w.jobs === 0 || w.meanMin === null) return f.tenant ? `No job of ${f.tenant} was placed in this period.` : "No job was placed in this period.";
  const head = `${plural(w.jobs, "job")} ${w.jobs === 1 ? "was" : "were"} placed after a mean wait of ${fmt(w.meanMin)} min (p95 ${fmt(w.p95Min ?? 0)} min)`;
  const why = w.reason ? `, mostly ${reasonPhrase(w.reason.reason)} (${plural(w.reason.cycles, "scheduling cycle")})` : "";
  if (f.tenant || !w.top) return `${head}${why}.`;
  return `${head}; ${w.top.tenant} waited longest, ${fmt(w.top.totalH)} h over ${plural(w.top.jobs, "job")}${why}.`;
}

function carbonSentence(f: PeriodFacts): string {
  const c = f.carbon;
  if (c.jobs === 0) return "No job finished in this period, so the savings ledger has nothing to credit.";
  const pct = c.savedPct === null ? "" : ` (${fmt(c.savedPct)} % of the baseline's ${mass(c.baselineKg)})`;
  const verb = c.savedKg >= 0 ? "saved" : "emitted more than the carbon-agnostic baseline by";
  const amount = mass(Math.abs(c.savedKg));
  return c.savedKg >= 0
    ? `The savings ledger credits ${plural(c.jobs, "finished job")} with ${amount} ${verb} against the carbon-agnostic baseline${pct}.`
    : `The ${plural(c.jobs, "finished job")} ${verb} ${amount}${pct}.`;
}

function cleanPowerSentence(f: PeriodFacts): string {
  const c = f.cleanPower;
  if (c.jobs === 0) return "No job was deferred for cleaner power.";
  return `Waiting for cleaner power deferred ${plural(c.jobs, "job")} by ${fmt(c.delayH)} h in all and saves ${mass(c.savedKg)} against starting them at once.`;
}

function disruptionSentence(f: PeriodFacts): string {
  const d = f.disruption;
  if (d.preemptions === 0 && d.backfills === 0) return "No job was preempted and none started as a backfill.";
  const pre =
    d.preemptions === 0
      ? "No job was preempted"
      : `${plural(d.preemptions, "preemption")} lost ${fmt(d.lostGpuHours)} GPU-hours of work${d.shrunk ? ` (${d.shrunk.toLocaleString("en-US")} of them shrank an elastic gang instead of stopping it)` : ""}`;
  const back = d.backfills === 0 ? "none started as a backfill" : `${plural(d.backfills, "job")} started as backfills beside reservations`;
  return `${pre}; ${back}.`;
}

/** The sentence of one suggestion, in the audience's terms. */
export function suggestionSentence(s: Suggestion, tenantAudience: boolean): string {
  const n = s.numbers[0]!;
  switch (s.rule) {
    case "quota":
      return tenantAudience
        ? `Your jobs waited ${plural(n.value, "scheduling cycle")} on your GPU quota: allow more GPU models or a wider window, or ask an operator to raise the quota.`
        : `${s.tenant} waited ${plural(n.value, "scheduling cycle")} on its GPU quota: raise its quota or its borrowing limit in Admin › Tenants.`;
    case "clean-power-cost":
      return `Waiting for cleaner power saved only ${fmt(n.value)} g CO2e per hour of delay: raise the policy's minimum deferral saving, or allow fewer deferrals.`;
    case "checkpoints":
      return `${plural(n.value, "preempted job")} had no checkpoints and restarted from the beginning: set a checkpoint interval on long jobs.`;
    case "hot-cluster":
      return `${s.cluster} took ${fmt(n.value)} % of placements: check the other clusters' availability and the policy's load weight.`;
  }
}

/** The template narrative of a period: one sentence per fact group, then what to change. */
export function templateNarrative(f: PeriodFacts): NarrativeSentence[] {
  const tenantAudience = f.audience === "tenant";
  const out: NarrativeSentence[] = [{ factId: "decisions", text: decisionsSentence(f), ...links(f.decisions) }];
  const clusters = clustersSentence(f);
  if (clusters) out.push({ factId: "clusters", text: clusters, ...links(f.clusters) });
  out.push({ factId: "waits", text: waitsSentence(f), ...links(f.waits) });
  out.push({ factId: "carbon", text: carbonSentence(f), ...links(f.carbon) });
  out.push({ factId: "clean-power", text: cleanPowerSentence(f), ...links(f.cleanPower) });
  if (out.length < 7) out.push({ factId: "disruption", text: disruptionSentence(f), ...links(f.disruption) });
  const room = 7 - out.length;
  if (f.suggestions.length === 0 && room > 0) {
    out.push({
      factId: "suggestion",
      text: "Nothing stands out to change: no tenant kept waiting on its quota and no preempted job lost work without a checkpoint.",
      decisionIds: [],
      decisionCount: 0,
    });
  }
  for (const s of f.suggestions.slice(0, Math.max(0, room))) out.push({ factId: "suggestion", text: suggestionSentence(s, tenantAudience), ...links(s) });
  return out;
}
