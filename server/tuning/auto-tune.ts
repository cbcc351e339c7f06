/**
 * Auto-tune: searches the active policy's weights and deferral thresholds by replaying a training
 * window of the fleet's own history (the shadow replay's jobs, occupants, inventory and measured
 * intensity) in the simulator once per trial, then replays the best few on a later held-out window
 * and keeps the one that beats the active policy there, if any.
 *
 * The objective is the CO2e of the replayed jobs, subject to limits relative to the active policy on
 * the same window: GAR may drop at most `maxGarDropPts` points, the mean wait may grow at most
 * `maxMeanWaitIncreasePct` % (plus a minute, so a near-zero wait is not a zero tolerance), and no more
 * jobs may be left unfinished. A trial outside the limits ranks after every trial inside them. A
 * proposal needs a validation CO2e at least MIN_GAIN_PCT below the active policy's, within the limits.
 */
import { simulate, type CoordinatorPolicy, type SimInput, type SimPolicyMetrics } from "../engine";
import { buildShadowScenario, type ShadowReplayInput } from "../accounting/shadow-replay";
import { policyDimensions, pointOfPolicy, policyOfPoint } from "./policy-space";
import { seededSearch, type SearchPoint } from "./search";

/** What to tune against (windows as epoch milliseconds, [from, to)). */
export interface AutoTuneConfig {
  trainingFromMs: number;
  trainingToMs: number;
  validationFromMs: number;
  validationToMs: number;
  /** Trials on the training window, the active policy's own included. */
  budget: number;
  seed: number;
  /** Largest GAR drop vs the active policy, percentage points. */
  maxGarDropPts: number;
  /** Largest mean-wait growth vs the active policy, %. */
  maxMeanWaitIncreasePct: number;
  /** Best training candidates replayed on the validation window. */
  validateTop: number;
}

/** The recorded history of both windows (same fleet and active policy). */
export interface AutoTuneHistory {
  training: ShadowReplayInput;
  validation: ShadowReplayInput;
}

/** The measured figures of one replay. */
export interface TuneMetrics {
  co2eKg: number;
  /** GPU allocation ratio, 0..1. */
  gar: number;
  meanWaitS: number;
  p99WaitS: number;
  /** Jobs skipped or still waiting/running when the replay ran dry. */
  unfinished: number;
}

/** Differences vs the active policy on the same window (positive saving = less CO2e). */
export interface TuneGains {
  co2eSavedKg: number;
  co2eSavedPct: number;
  garDeltaPts: number;
  meanWaitDeltaS: number;
  p99WaitDeltaS: number;
}

/** One trial of the search. */
export interface TuneTrial {
  index: number;
  phase: "start" | "random" | "refine";
  /** The searched values (weight.<objective>, maxDeferralHours, minDeferralSavingPct, minDeferralSavingGCo2e). */
  point: SearchPoint;
  training: TuneMetrics;
  trainingFeasible: boolean;
  validation: TuneMetrics | null;
  validationFeasible: boolean | null;
}

/** Everything an auto-tune measured and what it proposes. */
export interface AutoTuneResults {
  version: 1;
  config: AutoTuneConfig;
  jobs: { training: number; validation: number };
  active: { name: string; version: number; training: TuneMetrics; validation: TuneMetrics };
  trials: TuneTrial[];
  bestTrainingIndex: number;
  /** The proposal, or null when no candidate beat the active policy on the validation window. */
  winner: {
    index: number;
    objectiveWeights: Record<string, number>;
    constraints: CoordinatorPolicy["constraints"];
    training: TuneMetrics;
    validation: TuneMetrics;
    gains: { training: TuneGains; validation: TuneGains };
  } | null;
  verdict: string;
  wallMs: number;
}

/** A proposal must save at least this share of the active policy's validation CO2e (%). */
export const MIN_GAIN_PCT = 0.1;

/** Hooks of a run: clock (wall time only), progress and cancel. */
export interface AutoTuneHooks {
  now(): number;
  onProgress?(fraction: number, note: string): void;
  shouldCancel?(): boolean;
}

/** Raised when a run was cancelled between or inside replays. */
export class AutoTuneCancelledError extends Error {}

const metricsOf = (m: SimPolicyMetrics): TuneMetrics => ({
  co2eKg: m.jobEmissionsKg,
  gar: m.gar,
  meanWaitS: m.meanWaitS,
  p99WaitS: m.waitP99S ?? m.jwtdP99S,
  unfinished: m.jobsSkipped + (m.jobsUnfinished ?? 0),
});

/** Whether `m` stays within the limits set by the active policy's `ref` on the same window. */
export function withinLimits(m: TuneMetrics, ref: TuneMetrics, config: Pick<AutoTuneConfig, "maxGarDropPts" | "maxMeanWaitIncreasePct">): boolean {
  return (
    m.gar >= ref.gar - config.maxGarDropPts / 100 - 1e-9 &&
    m.meanWaitS <= ref.meanWaitS * (1 + config.maxMeanWaitIncreasePct / 100) + 60 &&
    m.unfinished <= ref.unfinished
  );
}

/** The gains of `m` over the active policy's `ref`. */
export function gainsOf(m: TuneMetrics, ref: TuneMetrics): TuneGains {
  return {
    co2eSavedKg: ref.co2eKg - m.co2eKg,
    co2eSavedPct: ref.co2eKg > 0 ? (100 * (ref.co2eKg - m.co2eKg)) / ref.co2eKg : 0,
    garDeltaPts: 100 * (m.gar - ref.gar),
    meanWaitDeltaS: m.meanWaitS - ref.meanWaitS,
    p99WaitDeltaS: m.p99WaitS - ref.p99WaitS,
  };
}

/** Inside the limits first, then less CO2e, then the shorter mean wait. */
const better = (a: { m: TuneMetrics; ok: boolean }, b: { m: TuneMetrics; ok: boolean }) =>
  a.ok !== b.ok ? a.ok : a.m.co2eKg !== b.m.co2eKg ? a.m.co2eKg < b.m.co2eKg : a.m.meanWaitS < b.m.meanWaitS;

/** Replays one window under one policy. */
function replay(input: ShadowReplayInput, policy: CoordinatorPolicy, hooks: AutoTuneHooks, onProgress: (f: number) => void): TuneMetrics {
  // Built anew per replay, so no trial can see state another one left behind.
  const { scenario } = buildShadowScenario(input);
  const run: SimInput = { ...scenario, name: "auto-tune", policies: [{ name: "candidate", label: "candidate", policy }], baseline: "candidate" };
  const result = simulate(run, { now: hooks.now, onProgress: (f) => onProgress(f), shouldCancel: hooks.shouldCancel });
  return metricsOf(result.policies.candidate!);
}

/** Runs the auto-tune (see the file header). */
export function runAutoTune(history: AutoTuneHistory, config: AutoTuneConfig, active: CoordinatorPolicy, hooks: AutoTuneHooks): AutoTuneResults {
  const t0 = hooks.now();
  const totalReplays = config.budget + 1 + config.validateTop;
  let done = 0;
  const step = (note: string) => (f: number) => {
    if (hooks.shouldCancel?.()) throw new AutoTuneCancelledError("cancelled");
    hooks.onProgress?.(Math.min(0.999, (done + f) / totalReplays), note);
  };

  // Trial 0 is the active policy: its figures set the limits every later trial is held to.
  let ref: TuneMetrics | null = null;
  const search = seededSearch<{ m: TuneMetrics; ok: boolean }>({
    dimensions: policyDimensions(active),
    start: pointOfPolicy(active),
    budget: config.budget,
    seed: config.seed,
    evaluate: (point, index) => {
      const m = replay(history.training, policyOfPoint(active, point), hooks, step(`Training trial ${index + 1} of ${config.budget}.`));
      done++;
      ref ??= m;
      return { m, ok: withinLimits(m, ref, config) };
    },
    better,
  });
  const refTraining = search.trials[0]!.result.m;
  const trials: TuneTrial[] = search.trials.map((t) => ({
    index: t.index,
    phase: t.phase,
    point: t.point,
    training: t.result.m,
    trainingFeasible: withinLimits(t.result.m, refTraining, config),
    validation: null,
    validationFeasible: null,
  }));
  const ranked = [...trials].sort((a, b) =>
    better({ m: a.training, ok: a.trainingFeasible }, { m: b.training, ok: b.trainingFeasible })
      ? -1
      : better({ m: b.training, ok: b.trainingFeasible }, { m: a.training, ok: a.trainingFeasible })
        ? 1
        : a.index - b.index,
  );
  const bestTrainingIndex = ranked[0]!.index;

  done = config.budget;
  const refValidation = replay(history.validation, active, hooks, step("Validating the active policy on the held-out window."));
  done++;
  trials[0]!.validation = refValidation;
  trials[0]!.validationFeasible = true;
  // The best candidates that beat the active policy on training go on to the held-out window.
  const candidates = ranked.filter((t) => t.index !== 0 && t.trainingFeasible && t.training.co2eKg < refTraining.co2eKg).slice(0, config.validateTop);
  candidates.forEach((t, i) => {
    const m = replay(
      history.validation,
      policyOfPoint(active, t.point),
      hooks,
      step(`Validating candidate ${i + 1} of ${candidates.length} (trial ${t.index + 1}).`),
    );
    done++;
    t.validation = m;
    t.validationFeasible = withinLimits(m, refValidation, config);
  });

  const validated = candidates.filter((t) => t.validationFeasible && gainsOf(t.validation!, refValidation).co2eSavedPct >= MIN_GAIN_PCT);
  validated.sort((a, b) => a.validation!.co2eKg - b.validation!.co2eKg || a.index - b.index);
  const best = validated[0];
  let winner: AutoTuneResults["winner"] = null;
  let verdict: string;
  if (best) {
    const policy = policyOfPoint(active, best.point);
    const g = gainsOf(best.validation!, refValidation);
    winner = {
      index: best.index,
      objectiveWeights: policy.objectiveWeights,
      constraints: policy.constraints,
      training: best.training,
      validation: best.validation!,
      gains: { training: gainsOf(best.training, refTraining), validation: g },
    };
    verdict = `Trial ${best.index + 1} beat the active policy on the held-out window: ${g.co2eSavedPct.toFixed(1)} % less CO2e (${g.co2eSavedKg.toFixed(1)} kg), GAR ${g.garDeltaPts >= 0 ? "+" : ""}${g.garDeltaPts.toFixed(1)} pts, mean wait ${g.meanWaitDeltaS >= 0 ? "+" : ""}${Math.round(g.meanWaitDeltaS)} s.`;
  } else if (candidates.length === 0) {
    verdict = "No trial beat the active policy on the training window within the limits; nothing is proposed.";
  } else {
    verdict = `${candidates.length} candidate${candidates.length === 1 ? "" : "s"} beat the active policy on training but not on the held-out window within the limits; nothing is proposed.`;
  }
  hooks.onProgress?.(1, "Done.");
  return {
    version: 1,
    config,
    jobs: { training: history.training.jobs.length, validation: history.validation.jobs.length },
    active: { name: active.name, version: active.version, training: refTraining, validation: refValidation },
    trials,
    bestTrainingIndex,
    winner,
    verdict,
    wallMs: hooks.now() - t0,
  };
}
