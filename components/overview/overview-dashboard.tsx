"use client";
// The operator overview, live (polled every 2 s): KPIs, allocation over time, intensity per zone,
// latest decisions. The slow-moving allocation history polls once a minute.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Overview } from "@/server/services/overview-service";
import type { HistoryRange } from "@/server/services/sample-series";
import { AllocationHistoryChart } from "@/components/charts/allocation-history-chart";
import { RangeToggle } from "@/components/charts/range-toggle";
import { LiveStatus, HISTORY_POLL_MS, LIVE_POLL_MS } from "@/components/ui/live-status";
import { useTRPC } from "@/components/trpc/react";
import { OverviewKpis } from "./overview-kpis";
import { OverviewIntensitySection } from "./overview-intensity-section";
import { OverviewLatestDecisions } from "./overview-latest-decisions";

/** The operator overview: live KPIs, allocation over time, intensity per zone and the latest decisions. */
export function OverviewDashboard({ initial }: { initial: Overview }) {
  const trpc = useTRPC();
  const live = useQuery({ ...trpc.overview.get.queryOptions(), initialData: initial, refetchInterval: LIVE_POLL_MS });
  const [range, setRange] = useState<HistoryRange>("24h");
  const history = useQuery({ ...trpc.overview.allocationHistory.queryOptions({ range }), refetchInterval: HISTORY_POLL_MS });
  // The SOR KPI always covers the last 24 h (the same query as the chart's default window).
  const day = useQuery({ ...trpc.overview.allocationHistory.queryOptions({ range: "24h" }), refetchInterval: HISTORY_POLL_MS });
  const o = live.data ?? initial;
  return (
    <div className="flex flex-col gap-6">
      <LiveStatus updatedAt={live.dataUpdatedAt} error={live.error} />
      <OverviewKpis o={o} sor={day.data?.sor} sorLoading={day.isLoading} />

      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="allocation-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="allocation-title" className="text-lg font-semibold">
            GPU allocation over time
          </h2>
          <RangeToggle value={range} onChange={setRange} label="Allocation chart window" />
        </div>
        {history.error ? (
          <p role="alert" className="text-sm text-red-700">
            Could not load the allocation history: {history.error.message}
          </p>
        ) : history.data ? (
          <AllocationHistoryChart history={history.data} />
        ) : (
          <p className="text-sm text-slate-600">Loading the allocation history…</p>
        )}
      </section>

      <OverviewIntensitySection o={o} />

      <OverviewLatestDecisions decisions={o.decisions} />
    </div>
  );
}
