/** Errors of the simulator. */

/** Thrown by simulate() when hooks.shouldCancel() answers true; the partial run is discarded. */
export class SimCancelledError extends Error {
  constructor(
    readonly policy: string,
    readonly progress: number,
  ) {
    super(`simulation cancelled during policy ${policy} at ${(progress * 100).toFixed(1)}%`);
    this.name = "SimCancelledError";
  }
}

/** A scenario the simulator cannot run (names the field). */
export class SimInputError extends Error {
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = "SimInputError";
  }
}
