// The overview's "Carbon intensity by grid zone" card: the chart per zone and a table of each zone's
// intensity now and its cleanest hour in the next 24 hours.
import type { Overview } from "@/server/services/overview-service";
import { ZoneIntensityChart } from "@/components/charts/zone-intensity-chart";
import { Timestamp } from "@/components/time/timestamp";

/** Intensity per zone: the chart and the now / cleanest-next-24-h table. */
export function OverviewIntensitySection({ o }: { o: Overview }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="intensity-title">
      <h2 id="intensity-title" className="mb-3 text-lg font-semibold">
        Carbon intensity by grid zone
      </h2>
      <ZoneIntensityChart rows={o.intensity} zones={o.zones} nowMs={o.nowMs} />
      <div className="relative mt-4 overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Intensity now and the cleanest hour in the next 24 hours per zone</caption>
          <thead className="text-left text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                Zone
              </th>
              <th scope="col" className="py-1 text-right">
                Now (gCO2e/kWh)
              </th>
              <th scope="col" className="py-1 text-right">
                Cleanest next 24 h
              </th>
            </tr>
          </thead>
          <tbody>
            {o.nowIntensity.map((z) => (
              <tr key={z.zone} className="border-t border-slate-100">
                <td className="py-1 font-medium">{z.zone}</td>
                <td className="py-1 text-right">{z.gCo2ePerKwh === null ? "—" : `${z.gCo2ePerKwh.toFixed(0)}${z.kind === "FORECAST" ? " (forecast)" : ""}`}</td>
                <td className="py-1 text-right">
                  {z.next24hMin ? (
                    <>
                      {z.next24hMin.gCo2ePerKwh.toFixed(0)} at <Timestamp value={new Date(z.next24hMin.atMs)} />
                    </>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
