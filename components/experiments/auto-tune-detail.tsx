"use client";
// One auto-tune: its status and progress (polled every second while it runs, with Cancel), then the
// verdict, the winner's gains on the training and held-out windows, the trials chart and table, and
// where its proposal stands (admins apply or discard it in the policy editor).
import Link from "next/link";
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExperimentDetail } from "@/server/schemas/experiment";
import type { TuneMetrics } from "@/server/tuning/auto-tune";
import { AutoTuneTrialsChart } from "@/components/charts/auto-tune-trials-chart";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { isActive } from "./experiment-list";
import { ExperimentSection } from "./experiment-section";
import { ExperimentStatus } from "./experiment-status";

const kg = (m: TuneMetrics) => `${m.co2eKg.toFixed(1)} kg`;
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const secs = (s: number) => (s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${(s / 60).toFixed(1)} min` : `${Math.round(s)} s`);
const signed = (x: number, digits = 1) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

function MetricsRow({ label, m }: { label: string; m: TuneMetrics }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-1 pr-3 text-left font-medium">
        {label}
      </th>
      <td className="px-2 text-right">{kg(m)}</td>
      <td className="px-2 text-right">{pct(m.gar)}</td>
      <td className="px-2 text-right">{secs(m.meanWaitS)}</td>
      <td className="px-2 text-right">{secs(m.p99WaitS)}</td>
    </tr>
  );
}

/** The auto-tune page body. */
export function AutoTuneDetailView({ initial }: { initial: ExperimentDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.experiments.get.queryOptions({ id: initial.id }),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? 1_000 : false),
  });
  const e = status.data ?? initial;
  const tune = useQuery({ ...trpc.autoTune.get.queryOptions({ id: initial.id }), refetchInterval: isActive(e.status) ? 2_000 : false });
  // The results are written as the status turns: read them once more when it does.
  const { refetch } = tune;
  useEffect(() => {
    void refetch();
  }, [e.status, refetch]);
  const cancel = useMutation(
    trpc.experiments.cancel.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.experiments.get.queryKey({ id: initial.id }) }),
    }),
  );
  const r = tune.data?.results ?? null;
  const proposal = tune.data?.proposal ?? null;

  return (
    <div className="flex flex-col gap-6">
      <ExperimentStatus
        e={e}
        onCancel={() => cancel.mutate({ id: e.id })}
        cancelPending={cancel.isPending}
        cancelError={cancel.error ? messageOf(cancel.error) : null}
        refreshError={status.error ? status.error.message : tune.error ? messageOf(tune.error) : null}
      />
      {r && (
        <>
          <ExperimentSection id="verdict-title" title="Verdict">
            <p className="text-sm" data-testid="auto-tune-verdict">
              {r.verdict}
            </p>
            <p className="mt-2 text-xs text-slate-600">
              Training {day(r.config.trainingFromMs)} – {day(r.config.trainingToMs)} ({r.jobs.training} jobs); held-out validation{" "}
              {day(r.config.validationFromMs)} – {day(r.config.validationToMs)} ({r.jobs.validation} jobs). Limits against {r.active.name} v{r.active.version}:
              GAR at most {r.config.maxGarDropPts} pts lower, mean wait at most {r.config.maxMeanWaitIncreasePct} % (+1 min) longer, no more unfinished jobs.{" "}
              {r.trials.length} trials, seed {r.config.seed}.
            </p>
            {r.winner && (
              <div className="mt-3 overflow-x-auto">
                <table className="text-sm" data-testid="auto-tune-winner">
                  <thead>
                    <tr className="text-xs text-slate-600">
                      <th className="pr-3 text-left font-medium">Trial {r.winner.index + 1} vs active</th>
                      <th className="px-2 text-right font-medium">CO2e</th>
                      <th className="px-2 text-right font-medium">GAR</th>
                      <th className="px-2 text-right font-medium">Mean wait</th>
                      <th className="px-2 text-right font-medium">p99 wait</th>
                    </tr>
                  </thead>
                  <tbody>
                    <MetricsRow label="Active, training" m={r.active.training} />
                    <MetricsRow label="Proposed, training" m={r.winner.training} />
                    <MetricsRow label="Active, validation" m={r.active.validation} />
                    <MetricsRow label="Proposed, validation" m={r.winner.validation} />
                  </tbody>
                </table>
                <p className="mt-2 text-sm">
                  Held-out gain: {r.winner.gains.validation.co2eSavedPct.toFixed(1)} % less CO2e (training {r.winner.gains.training.co2eSavedPct.toFixed(1)} %);
                  GAR {signed(r.winner.gains.validation.garDeltaPts)} pts, mean wait {signed(r.winner.gains.validation.meanWaitDeltaS, 0)} s, p99 wait{" "}
                  {signed(r.winner.gains.validation.p99WaitDeltaS, 0)} s.
                </p>
              </div>
            )}
            {proposal && (
              <p className="mt-2 text-sm" data-testid="auto-tune-proposal">
                Proposal {proposal.status.toLowerCase()}
                {proposal.decidedBy ? ` by ${proposal.decidedBy}` : ""}.{" "}
                {proposal.status === "PROPOSED" && (
                  <>
                    An admin applies or discards it in{" "}
                    <Link href="/admin/policy" className="font-medium text-leaf-700 underline">
                      Admin › Policy
                    </Link>
                    .
                  </>
                )}
              </p>
            )}
          </ExperimentSection>
          <ExperimentSection id="trials-chart-title" title="Trials: CO2e on the training window vs the held-out window">
            <AutoTuneTrialsChart results={r} />
            <p className="mt-1 text-xs text-slate-600">Dashed lines: the active policy on the training (grey) and validation (blue) windows.</p>
          </ExperimentSection>
          <ExperimentSection id="trials-title" title="All trials">
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="auto-tune-trials">
                <thead>
                  <tr className="text-xs text-slate-600">
                    <th className="pr-2 text-left font-medium">Trial</th>
                    <th className="px-2 text-right font-medium">Training CO2e</th>
                    <th className="px-2 text-right font-medium">GAR</th>
                    <th className="px-2 text-right font-medium">Mean / p99 wait</th>
                    <th className="px-2 text-right font-medium">Validation CO2e</th>
                    <th className="px-2 text-left font-medium">Settings</th>
                  </tr>
                </thead>
                <tbody>
                  {r.trials.map((t) => (
                    <tr key={t.index} className={`border-t border-slate-100 ${r.winner?.index === t.index ? "bg-leaf-50" : ""}`}>
                      <td className="py-1 pr-2">
                        {t.index + 1} <span className="text-xs text-slate-500">{t.index === 0 ? "active" : t.phase}</span>
                      </td>
                      <td className="px-2 text-right">
                        {kg(t.training)}
                        {!t.trainingFeasible && <span className="ml-1 text-xs text-red-700">outside limits</span>}
                      </td>
                      <td className="px-2 text-right">{pct(t.training.gar)}</td>
                      <td className="px-2 text-right">
                        {secs(t.training.meanWaitS)} / {secs(t.training.p99WaitS)}
                      </td>
                      <td className="px-2 text-right">
                        {t.validation ? kg(t.validation) : "—"}
                        {t.validationFeasible === false && <span className="ml-1 text-xs text-red-700">outside limits</span>}
                      </td>
                      <td className="px-2 font-mono text-xs text-slate-700">
                        {Object.entries(t.point)
                          .map(([k, v]) => `${k.replace("weight.", "")} ${v}`)
                          .join(" · ")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </ExperimentSection>
        </>
      )}
    </div>
  );
}
