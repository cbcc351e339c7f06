// Each compared policy against the baseline: CO2e saved, GAR change and the waiting cost.
import type { ExperimentDetail } from "@/server/schemas/experiment";
import { kgCo2e, pct, pctOf, points, signedSeconds } from "./experiment-format";

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
            return (
              <li key={p} className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                <p className="font-semibold">{p}</p>
                <p>
                  <span className="text-lg font-bold text-leaf-700">{pctOf(m.emissionsSavedPctVsBaseline)}</span> less CO2e ({kgCo2e(m.emissionsKg)})
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
