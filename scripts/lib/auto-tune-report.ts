/** The auto-tune CLI's report lines: the windows, every trial (training, and validation where replayed), the verdict. */
import type { AutoTuneResults, TuneMetrics } from "../../server/tuning/auto-tune";

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
const fig = (m: TuneMetrics) =>
  `${m.co2eKg.toFixed(1)} kg, GAR ${(100 * m.gar).toFixed(1)} %, wait mean ${Math.round(m.meanWaitS)} s p99 ${Math.round(m.p99WaitS)} s${m.unfinished ? `, ${m.unfinished} unfinished` : ""}`;
const point = (p: Readonly<Record<string, number>>) =>
  Object.entries(p)
    .map(([k, v]) => `${k.replace("weight.", "")}=${v}`)
    .join(" ");

/** Human-readable lines of an auto-tune's results. */
export function autoTuneLines(r: AutoTuneResults): string[] {
  const c = r.config;
  const lines = [
    `training ${iso(c.trainingFromMs)} .. ${iso(c.trainingToMs)} (${r.jobs.training} jobs), validation ${iso(c.validationFromMs)} .. ${iso(c.validationToMs)} (${r.jobs.validation} jobs)`,
    `active policy ${r.active.name} v${r.active.version}: training ${fig(r.active.training)}; validation ${fig(r.active.validation)}`,
    `limits: GAR at most ${c.maxGarDropPts} pts below, mean wait at most ${c.maxMeanWaitIncreasePct} % (+60 s) above the active policy; budget ${c.budget} trials, seed ${c.seed}`,
  ];
  for (const t of r.trials) {
    const v = t.validation ? ` | validation ${fig(t.validation)}${t.validationFeasible ? "" : " (outside the limits)"}` : "";
    lines.push(`trial ${t.index + 1} ${t.phase}: training ${fig(t.training)}${t.trainingFeasible ? "" : " (outside the limits)"}${v} | ${point(t.point)}`);
  }
  if (r.winner) {
    const g = r.winner.gains;
    lines.push(
      `winner trial ${r.winner.index + 1}: CO2e saved training ${g.training.co2eSavedPct.toFixed(2)} % (${g.training.co2eSavedKg.toFixed(1)} kg), validation ${g.validation.co2eSavedPct.toFixed(2)} % (${g.validation.co2eSavedKg.toFixed(1)} kg); GAR ${g.validation.garDeltaPts.toFixed(2)} pts, mean wait ${g.validation.meanWaitDeltaS.toFixed(0)} s, p99 wait ${g.validation.p99WaitDeltaS.toFixed(0)} s on validation`,
    );
  }
  lines.push(r.verdict, `searched in ${(r.wallMs / 1000).toFixed(1)} s`);
  return lines;
}
