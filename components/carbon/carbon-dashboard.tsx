"use client";
// The operator Carbon page below the header: intensity per zone, then emissions and the savings
// ledger for a period the viewer picks, counted in the viewer's calendar days.
import { useCallback, useEffect, useState } from "react";
import type { IntensityReport } from "@/server/services/carbon-report-service";
import { EmissionsSection } from "./emissions-section";
import { SavingsLedgerSection } from "./savings-ledger-section";
import { RangeSelect, SectionCard } from "./section-card";
import { useTimeZone } from "./use-time-zone";
import { ZoneIntensitySection } from "./zone-intensity-section";

const PERIODS = [7, 30, 90].map((d) => ({ value: d, label: `last ${d} days` }));
/** The zone charts are drawn by then even when the ledger is slow to answer. */
const CHARTS_AT_LATEST_MS = 2_000;

export function CarbonDashboard({ intensity, historyDays }: { intensity: IntensityReport; historyDays: number }) {
  const tz = useTimeZone();
  const [days, setDays] = useState(30);
  // The zone charts are drawn once the ledger has answered (or after CHARTS_AT_LATEST_MS), so the
  // figures come first and drawing the charts never holds them up.
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
      <ZoneIntensitySection initial={intensity} initialDays={historyDays} deferCharts={!chartsReady} />
      <SectionCard
        id="emissions"
        title="Emissions"
        description={`Hour by hour while jobs ran; days in your time zone (${tz}).`}
        actions={picker("emissions-days")}
      >
        <EmissionsSection days={days} tz={tz} />
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
