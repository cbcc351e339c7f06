// What a generated narrative may say: the facts' numbers (with units, so "1.2 t" can be checked
// against kilograms), the clusters and tenants they name and the period's bounds. One set per fact
// group too, so a generated sentence without a tag is linked to the group whose facts back it.
import type { AllowedFacts, AllowedNumber, FleetVocabulary } from "../contract";
import type { FactId, PeriodFacts } from "./facts";

type Part = { numbers: AllowedNumber[]; clusters: string[]; tenants: string[] };

const num = (value: number | null | undefined, label: string, unit?: string): AllowedNumber[] =>
  value === null || value === undefined || !Number.isFinite(value) ? [] : [{ value, label, ...(unit ? { unit } : {}) }];

/** The facts of each group, by fact id. */
export function allowedByFact(f: PeriodFacts): Record<FactId, Part> {
  const d = f.decisions;
  const w = f.waits;
  const c = f.carbon;
  const cp = f.cleanPower;
  const x = f.disruption;
  const tenants = f.tenant ? [f.tenant] : [];
  return {
    decisions: {
      numbers: [
        ...num(d.placed + d.deferred + d.unschedulable, "decisions"),
        ...num(d.placed, "placements"),
        ...num(d.deferred, "deferrals"),
        ...num(d.unschedulable, "unschedulable decisions"),
        ...num(d.cycles, "scheduling cycles that reached these decisions"),
      ],
      clusters: [],
      tenants,
    },
    clusters: {
      numbers: [
        ...num(f.clusters.placements, "placements"),
        ...f.clusters.busiest.flatMap((b) => [...num(b.placements, `placements on ${b.name}`), ...num(b.sharePct, `share of placements on ${b.name}`, "%")]),
      ],
      clusters: f.clusters.busiest.map((b) => b.name),
      tenants,
    },
    waits: {
      numbers: [
        ...num(w.jobs, "jobs placed"),
        ...num(w.meanMin, "mean wait", "min"),
        ...num(w.p95Min, "95th percentile wait", "min"),
        ...num(w.top?.jobs, "jobs of the tenant that waited longest"),
        ...num(w.top?.meanMin, "mean wait of the tenant that waited longest", "min"),
        ...num(w.top?.totalH, "total wait of the tenant that waited longest", "h"),
        ...num(w.reason?.decisions, "waiting decisions of the main reason"),
        ...num(w.reason?.cycles, "scheduling cycles of the main reason"),
        ...num(95, "percentile"),
      ],
      clusters: [],
      tenants: [...tenants, ...(w.top ? [w.top.tenant] : [])],
    },
    carbon: {
      numbers: [
        ...num(c.jobs, "finished jobs in the ledger"),
        ...num(c.actualKg * 1000, "emitted by the finished jobs", "gCO2e"),
        ...num(c.baselineKg * 1000, "the carbon-agnostic baseline's emissions", "gCO2e"),
        ...num(c.savedKg * 1000, "saved against the baseline", "gCO2e"),
        ...num(Math.abs(c.savedKg * 1000), "saved against the baseline (magnitude)", "gCO2e"),
        ...num(c.savedPct, "saved share of the baseline", "%"),
      ],
      clusters: [],
      tenants,
    },
    "clean-power": {
      numbers: [
        ...num(cp.jobs, "jobs deferred for cleaner power"),
        ...num(cp.delayH, "hours of delay for cleaner power", "h"),
        ...num(cp.savedKg * 1000, "saved by waiting for cleaner power", "gCO2e"),
      ],
      clusters: [],
      tenants,
    },
    disruption: {
      numbers: [
        ...num(x.preemptions, "preemptions"),
        ...num(x.lostGpuHours, "GPU-hours lost to preemption", "GPU-hours"),
        ...num(x.uncheckpointed, "preempted jobs without checkpoints"),
        ...num(x.shrunk, "elastic gangs shrunk"),
        ...num(x.backfills, "backfilled starts"),
      ],
      clusters: [],
      tenants,
    },
    suggestion: {
      numbers: f.suggestions.flatMap((s) => s.numbers),
      clusters: f.suggestions.flatMap((s) => (s.cluster ? [s.cluster] : [])),
      tenants: [...tenants, ...f.suggestions.flatMap((s) => (s.tenant ? [s.tenant] : []))],
    },
  };
}

const asAllowed = (p: Part, f: PeriodFacts, vocabulary?: FleetVocabulary): AllowedFacts => ({
  numbers: p.numbers,
  clusters: [...new Set(p.clusters)],
  models: [],
  tenants: [...new Set(p.tenants)],
  times: [f.from, f.to],
  ...(vocabulary ? { vocabulary } : {}),
});

/** Everything the narrative of the period may say. */
export function allowedFacts(f: PeriodFacts, vocabulary?: FleetVocabulary): AllowedFacts {
  const parts = Object.values(allowedByFact(f));
  const all: Part = { numbers: parts.flatMap((p) => p.numbers), clusters: parts.flatMap((p) => p.clusters), tenants: parts.flatMap((p) => p.tenants) };
  return asAllowed(all, f, vocabulary);
}

/** What one fact group backs (its numbers and names, and the period), for linking an untagged sentence. */
export function allowedForFact(f: PeriodFacts, id: FactId, vocabulary?: FleetVocabulary): AllowedFacts {
  return asAllowed(allowedByFact(f)[id], f, vocabulary);
}
