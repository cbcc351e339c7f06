"use client";
// Grid zones with their static default (editable by admins) and how much intensity data each holds.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/time/timestamp";
import { formatCount } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { ZoneSignalEditor } from "./zone-signal-editor";

type Zone = CarbonSettings["zones"][number];

function DefaultEditor({ zone, onSaved }: { zone: Zone; onSaved: () => void }) {
  const trpc = useTRPC();
  const [value, setValue] = useState(String(zone.annualAverageGCo2ePerKwh));
  const save = useMutation(trpc.carbonAdmin.setZoneDefault.mutationOptions({ onSuccess: onSaved }));
  const error = fieldErrorsOf(save.error).annualAverageGCo2ePerKwh ?? (save.error ? messageOf(save.error) : undefined);
  const id = `default-${zone.id}`;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ zoneId: zone.id, annualAverageGCo2ePerKwh: value.trim() === "" ? Number.NaN : Number(value) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Annual average of {zone.id} (gCO2e/kWh)
      </label>
      <input
        id={id}
        type="number"
        step="0.1"
        min="0"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-24 rounded-md border border-slate-300 px-2 py-1 text-right text-sm"
      />
      <span className="text-xs text-slate-600">gCO2e/kWh</span>
      <Button type="submit" variant="secondary" className="px-2 py-1" disabled={save.isPending} aria-label={`Save the annual average of ${zone.id}`}>
        {save.isPending ? "Saving…" : "Save"}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="w-full text-xs text-leaf-700">
          Saved: {save.data.before} → {save.data.after} gCO2e/kWh
        </p>
      )}
    </form>
  );
}

/** The zones table; `canEdit` shows the default editors (admins). */
export function ZoneCoverageTable({ settings, canEdit, onChanged }: { settings: CarbonSettings; canEdit: boolean; onChanged: () => void }) {
  if (settings.zones.length === 0) return <p className="text-sm text-slate-600">No grid zones yet. Zones are created with the clusters that sit in them.</p>;
  return (
    // Relative: the visually hidden labels inside are absolutely positioned, and would otherwise be
    // placed against the page and widen it past a phone's viewport instead of scrolling with the table.
    <div className="relative sm:overflow-x-auto">
      <table className="table-cards min-w-full text-sm">
        <caption className="sr-only">Grid zones with their static default and intensity data coverage</caption>
        <thead className="text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3">
              Zone
            </th>
            <th scope="col" className="py-1 pr-3">
              Signal
            </th>
            <th scope="col" className="py-1 pr-3">
              Static default (annual average)
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Clusters
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Measured hours
            </th>
            <th scope="col" className="py-1 pr-3">
              Measured from – to
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Last {settings.coverageDays} days
            </th>
            <th scope="col" className="py-1">
              Forecast
            </th>
          </tr>
        </thead>
        <tbody>
          {settings.zones.map((z) => (
            <tr key={z.id} className="border-t border-slate-100 align-top" data-testid="zone-row">
              <td className="py-2 pr-3">
                <span className="font-mono font-semibold">{z.id}</span>
                <span className="block text-xs text-slate-600">{z.name}</span>
              </td>
              <td className="py-2 pr-3 text-xs">
                {canEdit ? <ZoneSignalEditor key={z.signalType} zoneId={z.id} signalType={z.signalType} onSaved={onChanged} /> : z.signalType.toLowerCase()}
                <span className="block text-slate-600">{z.emissionFactorType.toLowerCase()} factors</span>
              </td>
              <td className="py-2 pr-3">
                {canEdit ? (
                  <DefaultEditor key={z.annualAverageGCo2ePerKwh} zone={z} onSaved={onChanged} />
                ) : (
                  `${z.annualAverageGCo2ePerKwh.toFixed(1)} gCO2e/kWh`
                )}
              </td>
              <td className="py-2 pr-3 text-right">{z.clusters}</td>
              <td className="py-2 pr-3 text-right tabular-nums" data-testid="measured-hours">
                {formatCount(z.measuredHours)} h
              </td>
              <td className="py-2 pr-3 text-xs">
                {z.firstMeasuredAt ? (
                  <>
                    <Timestamp value={z.firstMeasuredAt} /> – <Timestamp value={z.lastMeasuredAt} />
                  </>
                ) : (
                  "no data: the static default is used"
                )}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{z.recentCoveragePct.toFixed(0)} %</td>
              <td className="py-2 text-xs">
                {z.forecastHours > 0 ? (
                  <>
                    {formatCount(z.forecastHours)} h, until <Timestamp value={z.lastForecastAt} />
                    <span className="block text-slate-600">
                      issued <Timestamp value={z.lastForecastIssuedAt} />
                    </span>
                  </>
                ) : (
                  "none"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
