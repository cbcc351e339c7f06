// The facts of one period that the weekly narrative is written from: plain numbers and names read
// from the database, each group with the decisions it rests on, so a sentence (template or generated)
// can link to them and the claim checker can hold a generated text to them.

/** What a fact group is about; the narrative's sentences are tagged with these. */
export const FACT_IDS = ["decisions", "clusters", "waits", "carbon", "clean-power", "disruption", "suggestion"] as const;
/** One fact group's id. */
export type FactId = (typeof FACT_IDS)[number];

/** Why a waiting decision waits, as the explanation records it. */
export type WaitReason = "carbon" | "capacity" | "window" | "unschedulable" | "deferred" | "now";

/** The decisions a fact rests on: a few ids to link, and how many there are in all. */
export interface FactLinks {
  decisionIds: string[];
  decisionCount: number;
}

/** A rule-based suggestion: what to change, the numbers it cites (with units, for the checker) and the decisions behind it. */
export interface Suggestion extends FactLinks {
  rule: "quota" | "clean-power-cost" | "checkpoints" | "hot-cluster";
  tenant: string | null;
  cluster: string | null;
  numbers: { value: number; unit?: string; label: string }[];
}

/** Everything the narrative of one period may say. */
export interface PeriodFacts {
  /** ISO instants of the half-open period [from, to). */
  from: string;
  to: string;
  audience: "operator" | "admin" | "tenant";
  /** The tenant whose narrative this is (null for the fleet's). */
  tenant: string | null;
  decisions: FactLinks & { placed: number; deferred: number; unschedulable: number; cycles: number };
  clusters: FactLinks & { busiest: { name: string; placements: number; sharePct: number }[]; placements: number };
  waits: FactLinks & {
    jobs: number;
    meanMin: number | null;
    p95Min: number | null;
    /** The tenant (fleet narrative) that waited longest in total, and its main reason. */
    top: { tenant: string; jobs: number; meanMin: number; totalH: number } | null;
    reason: { reason: WaitReason; decisions: number; cycles: number } | null;
  };
  carbon: FactLinks & { jobs: number; actualKg: number; baselineKg: number; savedKg: number; savedPct: number | null; methods: string[] };
  cleanPower: FactLinks & { jobs: number; savedKg: number; delayH: number };
  disruption: FactLinks & { preemptions: number; lostGpuHours: number; uncheckpointed: number; shrunk: number; backfills: number };
  suggestions: Suggestion[];
}

/** One sentence of the narrative with the fact it rests on and the decisions it links to. */
export interface NarrativeSentence extends FactLinks {
  /** Null for a generated sentence no fact group backs (it links to nothing). */
  factId: FactId | null;
  text: string;
}
