/**
 * Carbon intensity as the demo history sees it: the measured hours of each zone (the zone's annual
 * average where none was measured) for accounting, and the 49-hour series the coordinator is given at
 * a decision instant — the measured past and, for later hours, what a forecast issued then would have
 * said (the truth with seeded noise growing with the horizon).
 */
import { SYNTHETIC_DEMO_PROVIDER } from "../carbon-feeds/synthetic";
import { hourFloor, type HourIntensity } from "../accounting/energy-hours";
import { createIntensitySeries, HOUR_MS, type HourProvenance, type IntensitySeries, type Rng } from "../engine";
import type { DemoSample } from "./demo-carbon";

const PROVIDER = "Electricity Maps (2023 data, replayed)";

/** The history's view of intensity. */
export interface HistoryIntensity {
  /** The intensity of a zone for the hour starting at `hourMs`, with where it came from. */
  intensityOf(zoneId: string): (hourMs: number) => HourIntensity;
  /** The series the coordinator sees for a zone at `atMs` (one hour back, 48 ahead). */
  seriesAt(zoneId: string, atMs: number): IntensitySeries;
}

/** Builds the intensity view; `rng` draws the forecast noise (in call order, so the history is deterministic). */
export function historyIntensity(
  samples: readonly DemoSample[],
  zones: readonly { id: string; annualAverageGCo2ePerKwh: number }[],
  rng: Rng,
): HistoryIntensity {
  const measured = new Map<string, number>();
  for (const s of samples) if (s.kind === "MEASURED") measured.set(`${s.zoneId}@${s.at.getTime()}`, s.gCo2ePerKwh);
  const annual = new Map(zones.map((z) => [z.id, z.annualAverageGCo2ePerKwh]));
  return {
    intensityOf: (zoneId) => (hourMs) => {
      const v = measured.get(`${zoneId}@${hourMs}`);
      return v !== undefined ? { gCo2ePerKwh: v, source: "measured" } : { gCo2ePerKwh: annual.get(zoneId) ?? 0, source: "annual-average" };
    },
    seriesAt(zoneId, atMs) {
      const hour0 = hourFloor(atMs) - HOUR_MS;
      const values: number[] = [];
      const provenance: HourProvenance[] = [];
      for (let h = 0; h < 49; h++) {
        const at = hour0 + h * HOUR_MS;
        const truth = measured.get(`${zoneId}@${at}`) ?? annual.get(zoneId) ?? 0;
        const past = at < atMs;
        values.push(past ? truth : Math.round(truth * (1 + (rng.next() * 2 - 1) * (0.03 + (0.07 * h) / 48)) * 100) / 100);
        provenance.push(
          past
            ? { kind: "measured", provider: PROVIDER, signalType: "average", emissionFactorType: "lifecycle" }
            : {
                kind: "provider-forecast",
                provider: SYNTHETIC_DEMO_PROVIDER,
                synthetic: true,
                signalType: "average",
                emissionFactorType: "lifecycle",
                forecastIssuedAtMs: hourFloor(atMs),
              },
        );
      }
      return createIntensitySeries({ zone: zoneId, startMs: hour0, gCo2ePerKwh: values, provenance });
    },
  };
}
