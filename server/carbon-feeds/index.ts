/**
 * Carbon feeds: getting intensity data into the database and reading it back with provenance.
 * Imports (Electricity Maps CSV), API pollers (Electricity Maps average, WattTime-style marginal),
 * the static annual-average fallback and forecast accuracy. Every write checks the zone's signal
 * type first: average and marginal data never share a zone.
 */
export { CarbonFeedError, type CarbonFeedErrorCode } from "./errors";
export { importElectricityMapsCsv, ELECTRICITY_MAPS_PROVIDER, type CsvImportInput, type CsvImportResult } from "./csv-import";
export {
  pollElectricityMapsLatest,
  pollElectricityMapsHistory,
  pollElectricityMapsForecast,
  type ElectricityMapsFeedConfig,
  type PollResult,
} from "./electricitymaps-feed";
export { pollWattTimeForecast, pollWattTimeHistorical, lbsPerMwhToGPerKwh, WATTTIME_PROVIDER, type WattTimeFeedConfig } from "./watttime-feed";
export { DEFAULT_RETRY_POLICY, createFetchDeps, type RetryPolicy, type FetchDeps } from "./http-fetch";
export { resolveCurrentIntensity, type CurrentIntensity, type IntensityBasis } from "./current-intensity";
export {
  computeForecastAccuracy,
  loadForecastAccuracy,
  DEFAULT_HORIZON_BUCKETS,
  type ForecastAccuracy,
  type BucketAccuracy,
  type HorizonBucket,
} from "./forecast-accuracy";
export { SYNTHETIC_DEMO_PROVIDER, SYNTHETIC_DEMO_SOURCE, isSyntheticProvider } from "./synthetic";
