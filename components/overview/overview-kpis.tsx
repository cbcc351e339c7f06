// The overview's KPI tiles: allocation, occupancy, fragmentation, queue, waits, CO2e and savings.
import type { AllocationHistory, Overview } from "@/server/services/overview-service";
import { formatDuration, formatEmissions, formatPercent, formatSavingHint } from "@/components/ui/format";
import { Kpi } from "./kpi";
import { savingRangeHint, savingTip } from "./saving-figure";

const wait = (s: number | null) => (s === null ? "—" : formatDuration(Math.round(s)));

/** The KPI grid; `sor` is the last 24 h's occupancy (undefined while it loads). */
export function OverviewKpis({ o, sor, sorLoading }: { o: Overview; sor: AllocationHistory["sor"] | undefined; sorLoading: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="kpis">
      <Kpi
        label="GPU allocation (GAR)"
        value={formatPercent(o.gar)}
        hint={`of ${o.gpus.toLocaleString("en-US")} GPUs`}
        tip="Allocated GPUs over schedulable GPUs right now; a shared GPU counts by its allocated share."
      />
      <Kpi
        testId="kpi-sor"
        label="Occupancy 24 h (SOR)"
        value={sor?.ratio == null ? "—" : formatPercent(sor.ratio)}
        hint={
          sor?.ratio == null
            ? sorLoading
              ? "loading…"
              : "no GPUs held yet"
            : `${Math.round(sor.countedGpuHours).toLocaleString("en-US")} of ${Math.round(sor.heldGpuHours).toLocaleString("en-US")} GPU-hours held`
        }
        tip="Scheduling occupancy rate over the last 24 hours: GPU time of runs that succeeded or are running, over the GPU time placements held (start-up time and failed or cancelled runs count as held)."
      />
      <Kpi
        testId="kpi-gfr"
        label="Fragmented nodes (GFR)"
        value={formatPercent(o.gfr.ratio)}
        hint={`${o.gfr.fragmentedNodes.toLocaleString("en-US")} of ${o.gfr.gpuNodes.toLocaleString("en-US")} GPU nodes`}
        tip={`GPU node fragmentation ratio: the share of GPU nodes that are partly allocated and whose free whole GPUs cannot host the most common multi-GPU request (${o.gfr.shapeGpus} GPUs).`}
      />
      <Kpi label="Queued jobs" value={String(o.jobs.queued)} hint={`${o.jobs.running} running · ${o.jobs.placed} placed`} />
      <Kpi label="Wait p50 / p90" value={`${wait(o.wait.p50S)} / ${wait(o.wait.p90S)}`} hint={`${o.wait.jobs} jobs placed this week`} />
      <Kpi label="CO2e today" value={formatEmissions(o.today.emissionsGCo2e)} hint={`${o.today.energyKwh.toFixed(1)} kWh estimated`} />
      <Kpi label="CO2e this week" value={formatEmissions(o.week.emissionsGCo2e)} hint={`${o.week.energyKwh.toFixed(1)} kWh estimated`} />
      <Kpi
        testId="kpi-saved-today"
        label="Saved vs baseline today"
        value={o.savings.today.jobs ? formatEmissions(o.savings.today.savedGCo2e) : "—"}
        hint={[formatSavingHint(o.savings.today), savingRangeHint(o.savings.today)].filter(Boolean).join(" · ")}
        tip={savingTip(o.savings.today, "today")}
      />
      <Kpi
        testId="kpi-saved-week"
        label="Saved vs baseline (7 days)"
        value={o.savings.week.jobs ? formatEmissions(o.savings.week.savedGCo2e) : "—"}
        hint={[formatSavingHint(o.savings.week), savingRangeHint(o.savings.week), `planned by waiting: ${formatEmissions(o.week.savedByWaitingGCo2e)}`]
          .filter(Boolean)
          .join(" · ")}
        tip={`${savingTip(o.savings.week, "today and the six days before")} 'Planned by waiting' is what the scheduler expected to save by deferring jobs placed this week.`}
      />
      <Kpi label="Completed jobs" value={String(o.jobs.succeeded)} hint={`${o.jobs.expired} expired`} />
    </dl>
  );
}
