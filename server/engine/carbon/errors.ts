/**
 * The carbon module's typed error. Thrown for contract breaks only (mixing signal types, a series that
 * does not cover the asked window, bad numbers); a job that cannot be placed is never an error.
 */

/** Machine-readable carbon error codes. */
export type CarbonErrorCode = "SIGNAL_TYPE_MISMATCH" | "SERIES_NOT_COVERING" | "INVALID_SERIES" | "INVALID_ENERGY_INPUT";

/** Error raised by the carbon module; `details` carries the offending values. */
export class CarbonError extends Error {
  constructor(
    readonly code: CarbonErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(`${code}: ${message}`);
    this.name = "CarbonError";
  }
}
