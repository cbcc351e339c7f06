/**
 * Energy of a job.
 * Formula: facility energy (kWh) = GPUs x (idleW + (maxW - idleW) x utilization) x durationS / 3.6e6 x PUE.
 * Units: watts per GPU, seconds, PUE dimensionless; the 3.6e6 converts W x s (J) into kWh.
 * GPU power interpolates linearly between idle and max board power (the simple model of ALGORITHMS.md);
 * CPU, memory and network power are left out (GPU nodes are dominated by GPU power).
 */
import { CarbonError } from "./errors";
import { formatNumber, type Figure } from "./figure";

/** Inputs of {@link estimateEnergyKwh}. */
export interface EnergyInput {
  readonly gpuCount: number;
  readonly idleWatts: number;
  readonly maxWatts: number;
  /** Mean GPU utilization over the run, 0..1. */
  readonly utilization: number;
  readonly durationS: number;
  readonly pue: number;
}

/** Facility energy of a job as a figure in kWh (value, formula, inputs with units). */
export function estimateEnergyKwh(input: EnergyInput): Figure {
  const { gpuCount, idleWatts, maxWatts, utilization, durationS, pue } = input;
  const bad = [gpuCount >= 0, idleWatts >= 0, maxWatts >= idleWatts, utilization >= 0 && utilization <= 1, durationS >= 0, pue >= 1].indexOf(false);
  if (bad >= 0)
    throw new CarbonError("INVALID_ENERGY_INPUT", "energy inputs out of range (gpus>=0, 0<=idle<=max, 0<=utilization<=1, duration>=0, pue>=1)", { ...input });
  const wattsPerGpu = idleWatts + (maxWatts - idleWatts) * utilization;
  const itEnergyKwh = (gpuCount * wattsPerGpu * durationS) / 3.6e6;
  const value = itEnergyKwh * pue;
  return {
    value,
    unit: "kWh",
    formula: "gpus x (idleW + (maxW - idleW) x utilization) x durationS / 3.6e6 x PUE",
    inputs: {
      gpus: { value: gpuCount, unit: "GPU" },
      idleW: { value: idleWatts, unit: "W" },
      maxW: { value: maxWatts, unit: "W" },
      utilization: { value: utilization, unit: "ratio" },
      durationS: { value: durationS, unit: "s" },
      pue: { value: pue, unit: "PUE" },
      itEnergyKwh: { value: itEnergyKwh, unit: "kWh" },
    },
    text: `${formatNumber(value)} kWh = ${gpuCount} GPU x ${formatNumber(wattsPerGpu)} W x ${formatNumber(durationS / 3600)} h x ${formatNumber(pue)} PUE`,
  };
}
