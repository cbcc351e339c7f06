// Each compared policy against the baseline: CO2e saved, GAR change and the waiting cost.
import type { ExperimentDetail } from "@/server/schemas/experiment";
import { kgCo2e, pct, points, savingView, signedSeconds } from "./experiment-format";

const TONE = { better: "text-leaf-700", worse: "text-red-700", neutral: "text-slate-700" } as const;

type Results = NonNullable<ExperimentDetail["results"]>;

/** One tile per policy other than the baseline. */
export function ExperimentHeadline({ results, others }: { results: Results; others: readonly string[] }) {
  return (
    <>
      {others.length === 0 ? (
        <p className="text-sm text-slate-600">Only the baseline was run: there is nothing to compare it with.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" data-testid="experiment-headline">
          {others.map((p) => {
            const m = results.policies[p]!;
            const saving = savingView(m.emissionsSavedPctVsBaseline);
            return (
              <li key={p} className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                <p className="font-semibold">{p}</p>
                <p data-tone={saving.tone}>
                  <span className={`text-lg font-bold ${TONE[saving.tone]}`}>{saving.amount}</span> {saving.words} ({kgCo2e(m.emissionsKg)})
                </p>
                <p className="text-slate-700">
                  GAR {pct(m.gar)} ({points(m.garDeltaPointsVsBaseline)}) · waiting cost {signedSeconds(m.meanWaitDeltaSVsBaseline)} mean wait
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
