"use client";
// The operator Carbon page below the header: intensity per zone, then emissions and the savings
// ledger for a period the viewer picks, counted in the viewer's calendar days.
import { Suspense, use, useCallback, useEffect, useState } from "react";
import type { IntensityReport } from "@/server/services/carbon-report-service";
import { EmissionsSection } from "./emissions-section";
import { SavingsLedgerSection } from "./savings-ledger-section";
import { RangeSelect, SectionCard } from "./section-card";
import { useTimeZone } from "./use-time-zone";
import { ZoneIntensitySection } from "./zone-intensity-section";

const PERIODS = [7, 30, 90].map((d) => ({ value: d, label: `last ${d} days` }));
/** The zone and emissions charts are drawn by then even when the ledger is slow to answer. */
const CHARTS_AT_LATEST_MS = 2_000;

/** The zones' panel while the server's intensity report is on its way: the panel's title and boxes of its cards' height. */
function ZoneIntensityPending() {
  return (
    <SectionCard id="intensity-pending" title="Carbon intensity by grid zone" description="Loading each zone's measured and forecast intensity…">
      <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-[28rem] animate-pulse rounded-lg bg-slate-50" />
        ))}
      </div>
    </SectionCard>
  );
}

function ZoneIntensityFrom({ report, ...props }: { report: Promise<IntensityReport>; initialDays: number; deferCharts: boolean }) {
  return <ZoneIntensitySection initial={use(report)} {...props} />;
}

/**
 * The page below its header. `intensity` is the server's report, still on its way: the emissions and
 * the ledger are shown and fetched without waiting for it, and the zones' panel fills in when it comes.
 */
export function CarbonDashboard({ intensity, historyDays }: { intensity: Promise<IntensityReport>; historyDays: number }) {
  const tz = useTimeZone();
  const [days, setDays] = useState(30);
  // The zone and emissions charts are drawn once the ledger has answered (or after CHARTS_AT_LATEST_MS),
  // so the figures come first and drawing the charts never holds them up.
  const [chartsReady, setChartsReady] = useState(false);
  const showCharts = useCallback(() => setChartsReady(true), []);
  // After the frame that paints the ledger, not in the same task.
  const showChartsAfterPaint = useCallback(() => requestAnimationFrame(() => setTimeout(showCharts, 0)), [showCharts]);
  useEffect(() => {
    const timer = setTimeout(showCharts, CHARTS_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, [showCharts]);
  const picker = (id: string) => <RangeSelect id={id} label="Period" value={days} options={PERIODS} onChange={setDays} />;
  return (
    <div className="flex flex-col gap-6">
      <Suspense fallback={<ZoneIntensityPending />}>
        <ZoneIntensityFrom report={intensity} initialDays={historyDays} deferCharts={!chartsReady} />
      </Suspense>
      <SectionCard
        id="emissions"
        title="Emissions"
        description={`Hour by hour while jobs ran; days in your time zone (${tz}).`}
        actions={picker("emissions-days")}
      >
        <EmissionsSection days={days} tz={tz} deferCharts={!chartsReady} />
      </SectionCard>
      <SectionCard
        id="ledger"
        title="Savings against the carbon-agnostic baseline"
        description="Each finished job's emissions beside what the baseline placement would have emitted."
        actions={picker("ledger-days")}
      >
        <SavingsLedgerSection days={days} tz={tz} onShown={showChartsAfterPaint} />
      </SectionCard>
    </div>
  );
}
