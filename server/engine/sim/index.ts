/** The discrete-event simulator: scenario in, metrics per policy out (same coordinator as production). */
export * from "./types";
export { simulate } from "./simulate";
export { SimCancelledError, SimInputError } from "./errors";
export { SIM_POLICY_PRESETS, simPolicyPreset, presetCoordinatorPolicy } from "./presets";
export { EventQueue, type QueuedEvent } from "./event-queue";
export { MAX_DECISIONS_PER_DISPATCH } from "./run-policy";
export { ZoneTruth, ForecastBook } from "./zone-signal";
