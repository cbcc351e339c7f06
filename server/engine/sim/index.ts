/** The discrete-event simulator: scenario in, metrics per policy out (same coordinator as production). */
export * from "./types";
export { simulate } from "./simulate";
export { SimCancelledError, SimInputError } from "./errors";
export { SIM_POLICY_PRESETS, SIM_PREEMPT_EXEMPT_MINUTES } from "./presets";
