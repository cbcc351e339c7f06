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
  type IntensitySeries,
  type IntensitySeriesInput,
  type HourProvenance,
  type SignalType,
  type EmissionFactorType,
} from "./series";
export { meanIntensityGCo2ePerKwh, coversWindow, windowProvenance, type WindowProvenance } from "./window";
export { estimateEnergyKwh, type EnergyInput } from "./energy";
export { estimateEmissionsGCo2e, emissionsFigure, type EmissionsResult } from "./emissions";
export { searchBestStart, ceilToHourMs, type BestStartInput, type BestStartResult, type StartCandidate } from "./best-start";
