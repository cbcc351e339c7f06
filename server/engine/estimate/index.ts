/** Data-driven estimates (REQ-02): job duration predictor, zone carbon forecaster and its error. */
export { quantile, quantileSorted, median } from "./quantile";
export {
  createDurationPredictor,
  durationShapeKey,
  type DurationPredictor,
  type DurationPredictorOptions,
  type DurationFeatures,
  type DurationPrediction,
  type PredictionSource,
} from "./duration-predictor";
export { forecastZoneIntensity, ZONE_FORECAST_MODEL, type ZoneForecastOptions } from "./zone-forecast";
export {
  fitZoneBlend,
  forecastZoneBlend,
  ZONE_BLEND_FORECAST_MODEL,
  ZONE_BLEND_MIN_HISTORY_HOURS,
  type ZoneBlendModel,
  type ZoneBlendOptions,
} from "./zone-forecast-blend";
export { measureForecastError, backtestZoneForecast, type ForecastError } from "./forecast-error";
export { noisyTruthForecast, normalDraw } from "./noisy-forecast";
