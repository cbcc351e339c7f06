/**
 * The engine's one error type. Thrown only for programming or input-contract errors (an invalid job,
 * a plugin returning NaN, an unknown policy); "nothing fits" is a normal decision result, never an error.
 */

/** Machine-readable engine error codes. */
export type EngineErrorCode = "INVALID_JOB" | "INVALID_NODE" | "INVALID_SCORE" | "UNKNOWN_PLUGIN" | "UNKNOWN_POLICY" | "INVALID_PLACEMENT";

/** Error thrown by the engine when a contract is broken; `details` carries the offending numbers. */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(`${code}: ${message}`);
    this.name = "EngineError";
  }
}
