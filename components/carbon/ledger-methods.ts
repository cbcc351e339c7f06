// What each versioned baseline method of the savings ledger means, as data the page renders:
// a stored entry names its method; the words live here, keyed by that name.

/** How a baseline method is described on the page. */
export interface LedgerMethodInfo {
  /** Short name. */
  label: string;
  /** What the baseline is. */
  baseline: string;
  /** Whether the figure is a mix with a spread, or one cluster. */
  mix: boolean;
  /** What it does not capture. */
  limits: string[];
}

/** The methods the ledger has used. */
export const LEDGER_METHODS: Record<string, LedgerMethodInfo> = {
  "capacity-weighted-start-at-submit@2": {
    label: "Capacity-weighted mix, start at submission",
    baseline:
      "The same run started when the job was submitted, on every active cluster that could hold it (GPU models, sizes, regions, gang), averaged with weights proportional to the capacity each could give the job, priced with each zone's measured intensity for those hours and the cluster's PUE. It never reads what Verdant had allocated, so Verdant's own placements cannot shape it.",
    mix: true,
    limits: [
      "The range shows the cleanest and dirtiest candidate: the saving if the carbon-agnostic scheduler had always picked one of them.",
      "Queueing is not modelled: the baseline starts at submission even when the fleet was full. `npm run ledger:audit` replays the period with queueing to check this.",
      "Every candidate draws the job's own energy, although another GPU model would draw differently.",
      "Hours without a measurement use a forecast or the zone's annual average; the entry records the least certain source it used.",
    ],
  },
  "least-loaded-start-at-submit@1": {
    label: "Least-loaded cluster, start at submission (retired)",
    baseline:
      "The same run started at submission on the least-loaded cluster that could hold the job. Load was read from the fleet as Verdant had filled it, so the baseline fell on the cluster Verdant avoided, often the dirtiest: these entries overstate the saving.",
    mix: false,
    limits: ["Biased by Verdant's own placements; kept for entries written before the capacity-weighted method."],
  },
};

/** The description of a method, or a plain one for a name this page does not know. */
export function ledgerMethodInfo(method: string): LedgerMethodInfo {
  return LEDGER_METHODS[method] ?? { label: method, baseline: "A method this version of Verdant does not describe.", mix: false, limits: [] };
}
