"use client";
// One experiment: a live progress bar while it is queued or running (polled every second), a
// cancel button, then the policies compared side by side (headline, table, charts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExperimentDetail } from "@/server/schemas/experiment";
import { AllocationChart, EmissionsPerDayChart, WaitCdfChart } from "@/components/charts/experiment-charts";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { ComparisonTable, orderedPolicies } from "./comparison-table";
import { isActive } from "./experiment-list";
import { count, kgCo2e, pct, pctOf, points, signedSeconds, wall } from "./experiment-format";
import { ProgressBar } from "./progress-bar";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ExperimentDetailView({ initial }: { initial: ExperimentDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.experiments.get.queryOptions({ id: initial.id }),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? 1_000 : false),
  });
  const cancel = useMutation(
    trpc.experiments.cancel.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.experiments.get.queryKey({ id: initial.id }) }),
    }),
  );
  const e = query.data ?? initial;
  const active = isActive(e.status);
  const policies = e.results ? orderedPolicies(e.results, e.policies) : [];
  const others = policies.filter((p) => p !== e.results?.baseline);

  return (
    <div className="flex flex-col gap-6">
      <Section id="status-title" title="Status">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="experiment-status">
          <StatusBadge status={e.status} />
          <span className="text-slate-700">
            created <LocalTime value={e.createdAt} />
            {e.createdBy ? ` by ${e.createdBy}` : ""}
          </span>
          {e.startedAt && (
            <span className="text-slate-700">
              started <LocalTime value={e.startedAt} />
            </span>
          )}
          {e.finishedAt && (
            <span className="text-slate-700">
              finished <LocalTime value={e.finishedAt} />
            </span>
          )}
          {e.wallMs !== null && <span className="text-slate-700">wall time {wall(e.wallMs)}</span>}
          {active && (
            <Button variant="danger" className="ml-auto" onClick={() => cancel.mutate({ id: e.id })} disabled={cancel.isPending || e.cancelRequested}>
              {e.cancelRequested ? "Cancelling…" : "Cancel experiment"}
            </Button>
          )}
        </div>
        {active && (
          <div className="mt-4 flex flex-col gap-1" aria-live="polite">
            <ProgressBar value={e.progress} label="Experiment progress" />
            <p className="text-sm text-slate-700">
              {Math.round(e.progress * 100)} % · {e.status === "QUEUED" ? "waiting for the experiment runner" : (e.progressNote ?? "running")}
            </p>
          </div>
        )}
        {!active && e.progressNote && e.status !== "SUCCEEDED" && <p className="mt-3 text-sm text-slate-700">{e.progressNote}</p>}
        {e.error && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {e.error}
          </p>
        )}
        {cancel.error && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {messageOf(cancel.error)}
          </p>
        )}
        {query.error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Could not refresh: {query.error.message}
          </p>
        )}
      </Section>

      {e.status === "SUCCEEDED" && !e.results && <p className="text-sm text-slate-600">This experiment finished without stored results.</p>}

      {e.results && (
        <>
          <Section id="headline-title" title={`Against the baseline (${e.results.baseline})`}>
            {others.length === 0 ? (
              <p className="text-sm text-slate-600">Only the baseline was run: there is nothing to compare it with.</p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" data-testid="experiment-headline">
                {others.map((p) => {
                  const m = e.results!.policies[p]!;
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
            <p className="mt-3 text-xs text-slate-600">
              Scenario “{e.results.scenario}”, seed {e.results.seed}; {count(e.results.eventsPerSec)} events/s; simulation {wall(e.results.simWallMs)}.
            </p>
          </Section>
          <Section id="table-title" title="All metrics per policy">
            <ComparisonTable results={e.results} policies={policies} />
          </Section>
          {e.series && (
            <>
              <Section id="allocation-title" title="GPU allocation (GAR) over time">
                <AllocationChart series={e.series} policies={policies} />
              </Section>
              <div className="grid gap-6 lg:grid-cols-2">
                <Section id="cdf-title" title="Waiting time (CDF)">
                  <WaitCdfChart series={e.series} policies={policies} />
                </Section>
                <Section id="emissions-title" title="Emissions per day">
                  <EmissionsPerDayChart series={e.series} policies={policies} />
                </Section>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
