/**
 * Energy of a job.
 * Formula: facility energy (kWh) = GPUs x (idleW + (maxW - idleW) x utilization) x durationS / 3.6e6 x PUE.
 * Units: watts per GPU, seconds, PUE dimensionless; the 3.6e6 converts W x s (J) into kWh.
 * GPU power interpolates linearly between idle and max board power (the simple model of ALGORITHMS.md).
 * The coordinator prices placements with {@link estimateNodeShareEnergyKwh} instead, which adds CPU,
 * memory and the job's share of the node's idle power (node-power.ts).
 */
import { CarbonError } from "./errors";
import { formatNumber, type Figure } from "./figure";
import { NODE_POWER_METHOD, type NodeSharePower } from "./node-power";

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

/** Inputs of {@link estimateNodeShareEnergyKwh}: the job's power by part (node-power.ts) over its run. */
export interface NodeShareEnergyInput {
  readonly power: Omit<NodeSharePower, "share">;
  /** GPUs held (whole-GPU equivalents), for the text. */
  readonly gpus: number;
  readonly durationS: number;
  readonly pue: number;
}

/**
 * Facility energy of a job by the node-share model (node-power.ts):
 * (GPU + CPU + memory + idle-share watts) x durationS / 3.6e6 x PUE, with each part as an input.
 */
export function estimateNodeShareEnergyKwh(input: NodeShareEnergyInput): Figure {
  const { power, gpus, durationS, pue } = input;
  if (!(durationS >= 0) || !(pue >= 1) || !(power.watts >= 0))
    throw new CarbonError("INVALID_ENERGY_INPUT", "energy inputs out of range (watts>=0, duration>=0, pue>=1)", { durationS, pue, watts: power.watts });
  const itEnergyKwh = (power.watts * durationS) / 3.6e6;
  const value = itEnergyKwh * pue;
  return {
    value,
    unit: "kWh",
    formula: `(gpuW + cpuW + memoryW + idleShareW) x durationS / 3.6e6 x PUE [${NODE_POWER_METHOD}]`,
    inputs: {
      gpus: { value: gpus, unit: "GPU" },
      gpuW: { value: power.gpuWatts, unit: "W" },
      cpuW: { value: power.cpuWatts, unit: "W" },
      memoryW: { value: power.memoryWatts, unit: "W" },
      idleShareW: { value: power.idleShareWatts, unit: "W" },
      durationS: { value: durationS, unit: "s" },
      pue: { value: pue, unit: "PUE" },
      itEnergyKwh: { value: itEnergyKwh, unit: "kWh" },
    },
    text: `${formatNumber(value)} kWh = ${formatNumber(power.watts)} W (node share: ${formatNumber(gpus)} GPU) x ${formatNumber(durationS / 3600)} h x ${formatNumber(pue)} PUE`,
  };
}
