/** Carbon module: intensity series with provenance, energy and emissions figures, best start search. */
export { CarbonError, type CarbonErrorCode } from "./errors";
export { figureSchema, formatNumber, type Figure } from "./figure";
export {
  HOUR_MS,
  createIntensitySeries,
  assertComparableSeries,
  seriesEndMs,
  intensitySeriesSchema,
  hourProvenanceSchema,
  INTENSITY_KINDS,
  type IntensityKind,
  type IntensitySeries,
  type IntensitySeriesInput,
  type HourProvenance,
  type SignalType,
  type EmissionFactorType,
} from "./series";
export { meanIntensityGCo2ePerKwh, coversWindow, windowProvenance, type WindowProvenance, type ProvenanceSource } from "./window";
export { estimateEnergyKwh, estimateNodeShareEnergyKwh, type EnergyInput, type NodeShareEnergyInput } from "./energy";
export {
  NODE_POWER_METHOD,
  CPU_MIN_WATTS_PER_VCPU,
  CPU_MAX_WATTS_PER_VCPU,
  MEMORY_WATTS_PER_GIB,
  DEFAULT_CPU_UTILIZATION,
  nodeSharePowerWatts,
  sumNodeSharePower,
  type NodePowerShape,
  type JobNodeHolding,
  type NodeSharePower,
} from "./node-power";
export { estimateEmissionsGCo2e, emissionsFigure, type EmissionsResult } from "./emissions";
export { searchBestStart, ceilToHourMs, type BestStartInput, type BestStartResult, type StartCandidate } from "./best-start";
