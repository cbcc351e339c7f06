"use client";
// One experiment: a live progress bar while it is queued or running (polled every second), a
// cancel button, then the policies compared side by side (headline, table, charts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExperimentDetail } from "@/server/schemas/experiment";
import { AllocationChart, EmissionsPerDayChart, WaitCdfChart } from "@/components/charts/experiment-charts";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { ComparisonTable, orderedPolicies } from "./comparison-table";
import { isActive } from "./experiment-list";
import { count, wall } from "./experiment-format";
import { ExperimentHeadline } from "./experiment-headline";
import { ExperimentSection } from "./experiment-section";
import { ExperimentStatus } from "./experiment-status";

/** One experiment's page body: its status, then the comparison once it has results. */
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
  const policies = e.results ? orderedPolicies(e.results, e.policies) : [];
  const others = policies.filter((p) => p !== e.results?.baseline);

  return (
    <div className="flex flex-col gap-6">
      <ExperimentStatus
        e={e}
        onCancel={() => cancel.mutate({ id: e.id })}
        cancelPending={cancel.isPending}
        cancelError={cancel.error ? messageOf(cancel.error) : null}
        refreshError={query.error ? query.error.message : null}
      />

      {e.status === "SUCCEEDED" && !e.results && <p className="text-sm text-slate-600">This experiment finished without stored results.</p>}

      {e.results && (
        <>
          <ExperimentSection id="headline-title" title={`Against the baseline (${e.results.baseline})`}>
            <ExperimentHeadline results={e.results} others={others} />
            <p className="mt-3 text-xs text-slate-600">
              Scenario “{e.results.scenario}”, seed {e.results.seed}; {count(e.results.eventsPerSec)} events/s; simulation {wall(e.results.simWallMs)}.
            </p>
          </ExperimentSection>
          <ExperimentSection id="table-title" title="All metrics per policy">
            <ComparisonTable results={e.results} policies={policies} />
          </ExperimentSection>
          {e.series && (
            <>
              <ExperimentSection id="allocation-title" title="GPU allocation (GAR) over time">
                <AllocationChart series={e.series} policies={policies} />
              </ExperimentSection>
              <div className="grid gap-6 lg:grid-cols-2">
                <ExperimentSection id="cdf-title" title="Waiting time (CDF)">
                  <WaitCdfChart series={e.series} policies={policies} />
                </ExperimentSection>
                <ExperimentSection id="emissions-title" title="Emissions per day">
                  <EmissionsPerDayChart series={e.series} policies={policies} />
                </ExperimentSection>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
