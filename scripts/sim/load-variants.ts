/**
 * Policy variants of the load benchmark: each policy under every backfill mode and with preemption
 * off and on, set through the coordinator policy's own constraints (`backfill`, `preemption`), so the
 * simulator honours them exactly as the engine does. Also the table that compares them.
 */
import type { SimPolicy, SimPolicyMetrics } from "@/server/engine";
import { formatDuration } from "./report";

/** Backfill modes in report order. */
export const BACKFILL_MODES = ["off", "first-fit", "easy", "conservative"] as const;
export type BackfillMode = (typeof BACKFILL_MODES)[number];

/** Labels of the backfill modes in the table. */
const MODE_LABEL: Record<BackfillMode, string> = { off: "no backfill", "first-fit": "first fit", easy: "EASY backfill", conservative: "conservative" };

/** Which toggles vary (--variants backfill,preemption); a toggle not varied stays at the policy's default. */
export interface VariantAxes {
  readonly backfill: boolean;
  readonly preemption: boolean;
  /** Backfill modes run when backfill varies (--modes; default every mode), so a table can leave one out to save CPU. */
  readonly modes?: readonly BackfillMode[];
}

/** One variant: the policy it derives from and its toggles. */
export interface LoadVariant {
  readonly policy: string;
  readonly backfill: BackfillMode;
  readonly preemption: boolean;
  readonly simPolicy: SimPolicy;
}

/** Every variant of the given policies (policy-major, then backfill mode, then preemption off before on). */
export function loadVariants(policies: readonly SimPolicy[], axes: VariantAxes): LoadVariant[] {
  const out: LoadVariant[] = [];
  for (const p of policies) {
    const modes: readonly BackfillMode[] = axes.backfill ? (axes.modes ?? BACKFILL_MODES) : [p.policy.constraints.backfill];
    const preempts: readonly boolean[] = axes.preemption ? [false, true] : [p.policy.constraints.preemption];
    for (const backfill of modes)
      for (const preemption of preempts) {
        const name = `${p.name}/${backfill}/${preemption ? "preempt" : "no-preempt"}`;
        out.push({
          policy: p.name,
          backfill,
          preemption,
          simPolicy: {
            name,
            label: `${p.label}; ${MODE_LABEL[backfill]}; preemption ${preemption ? "on" : "off"}`,
            policy: { ...p.policy, constraints: { ...p.policy.constraints, backfill, preemption } },
          },
        });
      }
  }
  return out;
}

/** The figures of one variant, averaged over seeds. */
export interface LoadRow {
  readonly policy: string;
  readonly backfill: BackfillMode;
  readonly preemption: boolean;
  readonly gar: number;
  readonly meanWaitS: number;
  readonly waitP99S: number;
  readonly waitLargeMeanS: number;
  readonly waitLargeP99S: number;
  readonly preemptions: number;
  readonly gpuHoursLost: number;
  readonly emissionsKg: number;
  readonly unfinished: number;
}

/** Means over seeds of one variant's metrics. */
export function loadRow(v: LoadVariant, perSeed: readonly SimPolicyMetrics[]): LoadRow {
  const mean = (f: (m: SimPolicyMetrics) => number) => perSeed.reduce((a, m) => a + f(m), 0) / Math.max(1, perSeed.length);
  return {
    policy: v.policy,
    backfill: v.backfill,
    preemption: v.preemption,
    gar: mean((m) => m.gar),
    meanWaitS: mean((m) => m.meanWaitS),
    waitP99S: mean((m) => m.waitP99S ?? m.jwtdP99S),
    waitLargeMeanS: mean((m) => m.waitLargeMeanS ?? 0),
    waitLargeP99S: mean((m) => m.waitLargeP99S ?? 0),
    preemptions: mean((m) => m.preemptions ?? 0),
    gpuHoursLost: mean((m) => m.gpuHoursLostToPreemption ?? 0),
    emissionsKg: mean((m) => m.emissionsKg),
    unfinished: mean((m) => m.jobsUnfinished ?? 0),
  };
}

/** A Markdown table of the rows (one line per variant). */
export function loadTable(rows: readonly LoadRow[]): string {
  const head =
    "| policy | backfill | preemption | GAR % | mean wait | p99 wait | ≥32-GPU mean wait | ≥32-GPU p99 wait | preemptions | GPU-h lost | CO2e kg | unfinished |";
  const rule = `|${head
    .split("|")
    .slice(1, -1)
    .map(() => " --- ")
    .join("|")}|`;
  const lines = rows.map((r) =>
    [
      "",
      r.policy,
      MODE_LABEL[r.backfill],
      r.preemption ? "on" : "off",
      (100 * r.gar).toFixed(2),
      formatDuration(r.meanWaitS),
      formatDuration(r.waitP99S),
      formatDuration(r.waitLargeMeanS),
      formatDuration(r.waitLargeP99S),
      r.preemptions.toFixed(1),
      r.gpuHoursLost.toFixed(1),
      r.emissionsKg.toFixed(0),
      r.unfinished.toFixed(1),
      "",
    ]
      .join(" | ")
      .trim(),
  );
  return [head, rule, ...lines].join("\n");
}
