// The evaluation set: questions over the demo's decisions and weeks, each naming its record by stable
// properties (the first placed decision of a tenant, that tenant's first deferral, the last week)
// rather than ids, the asker's role, and the facts a correct answer must contain. Run against any
// configured model with `npm run --silent ask:eval -- [--json] [--limit N]`.

/** Which record a question is about. `nth` counts from 0 in decision order (oldest first). */
export type EvalPick =
  { kind: "decision"; outcome: "placed" | "deferred"; tenant: string; nth: number } | { kind: "period"; weeksAgo: number; tenant?: string };

/** A fact a correct answer contains, read from the picked record when the set is run. */
export type ExpectedFactName =
  | "outcome"
  | "cluster"
  | "tenant"
  | "policy"
  | "emissions"
  | "energy"
  | "saving"
  | "start"
  | "week-placements"
  | "week-saved"
  | "week-busiest-cluster"
  | "week-clean-power-jobs"
  | "week-clean-power-delay"
  | "week-mean-wait";

/** One question of the set. */
export interface GoldenQuestion {
  id: string;
  /** Who asks: an operator, or a member of the tenant the record is about. */
  asker: "operator" | "tenant";
  pick: EvalPick;
  question: string;
  expect: ExpectedFactName[];
}

const TENANTS = ["Aurora Labs", "Borealis AI", "Cirrus Media"] as const;
const slug = (t: string) => t.toLowerCase().replace(/[^a-z]+/g, "-");

/** Nine questions per tenant over its decisions. */
function tenantQuestions(tenant: string): GoldenQuestion[] {
  const s = slug(tenant);
  const placed0 = { kind: "decision", outcome: "placed", tenant, nth: 0 } as const;
  const placed1 = { kind: "decision", outcome: "placed", tenant, nth: 1 } as const;
  const deferred0 = { kind: "decision", outcome: "deferred", tenant, nth: 0 } as const;
  return [
    { id: `${s}-placed-where`, asker: "operator", pick: placed0, question: "Where was this job placed, and why there?", expect: ["outcome", "cluster"] },
    { id: `${s}-placed-co2`, asker: "operator", pick: placed0, question: "How much CO2e will this job emit where it was placed?", expect: ["emissions"] },
    { id: `${s}-placed-energy`, asker: "operator", pick: placed0, question: "How much energy will this placement use?", expect: ["energy"] },
    {
      id: `${s}-placed-policy`,
      asker: "operator",
      pick: placed1,
      question: "Which policy decided this placement, and whose job is it?",
      expect: ["policy", "tenant"],
    },
    { id: `${s}-mine-where`, asker: "tenant", pick: placed1, question: "Why did my job run on this cluster?", expect: ["cluster"] },
    {
      id: `${s}-mine-co2`,
      asker: "tenant",
      pick: placed1,
      question: "What will my job emit, and how much energy will it use?",
      expect: ["emissions", "energy"],
    },
    {
      id: `${s}-deferred-why`,
      asker: "operator",
      pick: deferred0,
      question: "Why was this job deferred, and when will it start?",
      expect: ["outcome", "start"],
    },
    {
      id: `${s}-deferred-saving`,
      asker: "operator",
      pick: deferred0,
      question: "How much CO2e does waiting save for this job, and on which cluster will it run?",
      expect: ["saving", "cluster"],
    },
    { id: `${s}-mine-when`, asker: "tenant", pick: deferred0, question: "When will my job start?", expect: ["start"] },
  ];
}

const week = { kind: "period", weeksAgo: 0 } as const;

/** The golden set: 27 decision questions and 6 questions about the last week. */
export const GOLDEN_SET: GoldenQuestion[] = [
  ...TENANTS.flatMap(tenantQuestions),
  {
    id: "week-placements",
    asker: "operator",
    pick: week,
    question: "How many placements did the scheduler make in the last 7 days?",
    expect: ["week-placements"],
  },
  { id: "week-saved", asker: "operator", pick: week, question: "How much CO2e did the savings ledger record as saved this week?", expect: ["week-saved"] },
  { id: "week-busiest", asker: "operator", pick: week, question: "Which cluster took the most placements this week?", expect: ["week-busiest-cluster"] },
  {
    id: "week-clean-power",
    asker: "operator",
    pick: week,
    question: "How many jobs waited for cleaner power this week, and for how many hours in all?",
    expect: ["week-clean-power-jobs", "week-clean-power-delay"],
  },
  {
    id: "week-aurora-wait",
    asker: "tenant",
    pick: { ...week, tenant: "Aurora Labs" },
    question: "How long did my jobs wait on average this week?",
    expect: ["week-mean-wait"],
  },
  {
    id: "week-cirrus-saved",
    asker: "tenant",
    pick: { ...week, tenant: "Cirrus Media" },
    question: "How much CO2e did my jobs save this week?",
    expect: ["week-saved"],
  },
];
