/**
 * Emissions of a job over its run window.
 * Formula: gCO2e = facility energy (kWh) x mean grid intensity over the window (gCO2e/kWh),
 * where facility energy = IT energy (kWh) x PUE and the mean weights each hour by its overlap.
 */
import { formatCo2eMass } from "./format-mass";
import { formatNumber, type Figure } from "./figure";
import type { IntensitySeries } from "./series";
import { meanIntensityGCo2ePerKwh, windowProvenance, type WindowProvenance } from "./window";

/** Emissions figure plus the provenance of the hours it used. */
export interface EmissionsResult {
  readonly emissions: Figure;
  readonly provenance: WindowProvenance;
}

/** gCO2e of running `energy` (a kWh figure from estimateEnergyKwh) from startMs for durationS. */
export function estimateEmissionsGCo2e(energy: Figure, series: IntensitySeries, startMs: number, durationS: number): EmissionsResult {
  const meanGCo2ePerKwh = meanIntensityGCo2ePerKwh(series, startMs, durationS);
  return { emissions: emissionsFigure(energy, meanGCo2ePerKwh, series.zone, startMs, durationS), provenance: windowProvenance(series, startMs, durationS) };
}

/** Builds the emissions figure from an energy figure and an already computed mean intensity. */
export function emissionsFigure(energy: Figure, meanGCo2ePerKwh: number, zone: string, startMs: number, durationS: number): Figure {
  const itKwh = energy.inputs.itEnergyKwh?.value ?? energy.value;
  const pue = energy.inputs.pue?.value ?? 1;
  const value = energy.value * meanGCo2ePerKwh;
  return {
    value,
    unit: "gCO2e",
    formula: "itEnergyKwh x PUE x mean gCO2e/kWh over [startMs, startMs + durationS)",
    inputs: {
      itEnergyKwh: { value: itKwh, unit: "kWh" },
      pue: { value: pue, unit: "PUE" },
      facilityEnergyKwh: { value: energy.value, unit: "kWh" },
      meanGCo2ePerKwh: { value: meanGCo2ePerKwh, unit: "gCO2e/kWh" },
      startMs: { value: startMs, unit: "epoch ms" },
      durationS: { value: durationS, unit: "s" },
    },
    text: `${formatCo2eMass(value)} = ${formatNumber(itKwh)} kWh x ${formatNumber(pue)} PUE x ${formatNumber(meanGCo2ePerKwh)} gCO2e/kWh (${zone})`,
  };
}
