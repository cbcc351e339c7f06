// The auto-tune thread: runs the search and validation on the history the runner read, posting
// progress and the results. It never touches the database; the runner owns the row and the proposal.
// Cancel: the runner sets the shared flag; the simulator polls it between events.
import { parentPort, workerData } from "node:worker_threads";
import { SimCancelledError } from "../engine";
import { CANCEL_FLAG, type ThreadMessage } from "../experiments/thread-protocol";
import { AutoTuneCancelledError, runAutoTune, type AutoTuneConfig, type AutoTuneHistory } from "./auto-tune";
import type { CoordinatorPolicy } from "../engine";

/** What the runner hands the thread. */
export interface AutoTuneThreadJob {
  history: AutoTuneHistory;
  config: AutoTuneConfig;
  active: CoordinatorPolicy;
}

const { job, flag } = workerData as { job: AutoTuneThreadJob; flag: Int32Array };
const post = (message: ThreadMessage) => parentPort!.postMessage(message);
const cancelled = () => Atomics.load(flag, CANCEL_FLAG) === 1;

try {
  const results = runAutoTune(job.history, job.config, job.active, {
    now: () => performance.now(),
    onProgress: (progress, note) => post({ type: "progress", progress, note }),
    shouldCancel: cancelled,
  });
  post({ type: "done", results, timeSeries: null, simWallMs: results.wallMs });
} catch (error) {
  if (error instanceof SimCancelledError || error instanceof AutoTuneCancelledError || cancelled()) post({ type: "cancelled" });
  else post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
}
