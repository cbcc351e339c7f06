/**
 * Demo forecasts are made up: the measured value of the replayed year times seeded noise. They are
 * stored under their own provider name so every page and decision shows them as synthetic, never as
 * a provider's forecast.
 */

/** Provider of synthetic demo forecasts. */
export const SYNTHETIC_DEMO_PROVIDER = "demo";
/** Source recorded on each synthetic demo forecast sample. */
export const SYNTHETIC_DEMO_SOURCE = "synthetic: measured value + noise";

/** True for a provider whose values are synthetic (the demo's). */
export function isSyntheticProvider(provider: string | null | undefined): boolean {
  return provider === SYNTHETIC_DEMO_PROVIDER;
}
