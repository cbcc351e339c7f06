/** Messages between the experiment runner and its simulation thread. */
import type { StoredScenario } from "../repositories/stored-json";

/** What the thread is given (plus the shared cancel flag). */
export interface ThreadJob {
  readonly scenario: StoredScenario;
  readonly policies: readonly string[];
  readonly baseline: string;
}

/** What the thread reports. Results are already JSON-safe (see results.ts). */
export type ThreadMessage =
  | { type: "progress"; progress: number; note: string }
  | { type: "done"; results: unknown; timeSeries: unknown; simWallMs: number }
  | { type: "cancelled" }
  | { type: "failed"; message: string };

/** Index of the cancel flag in the shared Int32Array (0 = run, 1 = stop). */
export const CANCEL_FLAG = 0;
