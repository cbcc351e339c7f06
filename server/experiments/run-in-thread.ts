/**
 * Runs one experiment's simulation in a `node:worker_threads` thread, so the runner's event loop
 * (database writes, cancel polling, LISTEN) stays free while the simulator keeps a core busy.
 */
import { Worker } from "node:worker_threads";
import { CANCEL_FLAG, type ThreadJob, type ThreadMessage } from "./thread-protocol";

export type ThreadOutcome =
  { status: "SUCCEEDED"; results: unknown; timeSeries: unknown; simWallMs: number } | { status: "CANCELLED" } | { status: "FAILED"; error: string };

export interface ThreadRun {
  /** Raises the shared flag the simulator polls; the thread then ends with CANCELLED. */
  cancel(): void;
  /** Stops the thread at once (shutdown, or a thread that ignores the flag). */
  terminate(): Promise<void>;
  readonly outcome: Promise<ThreadOutcome>;
}

/** Heap limit of a simulation thread: a scenario too large fails its experiment, not the runner. */
const THREAD_HEAP_MB = 3072;

/** Starts the simulation thread; `onProgress` receives its progress reports. */
export function runInThread(job: ThreadJob, onProgress: (progress: number, note: string) => void): ThreadRun {
  return runThreadEntry(new URL("./sim-thread.ts", import.meta.url), job, onProgress);
}

/** Starts a thread running `entry` (a module speaking thread-protocol.ts) on `job` (structured-cloneable). */
export function runThreadEntry(entry: URL, job: unknown, onProgress: (progress: number, note: string) => void): ThreadRun {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./thread-boot.mjs", import.meta.url), {
    workerData: { entry: entry.href, job, flag },
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    stdout: false,
  });
  let terminated = false;
  const outcome = new Promise<ThreadOutcome>((resolve) => {
    let settled: ThreadOutcome | null = null;
    worker.on("message", (message: ThreadMessage) => {
      if (message.type === "progress") onProgress(message.progress, message.note);
      else if (message.type === "done")
        settled = { status: "SUCCEEDED", results: message.results, timeSeries: message.timeSeries, simWallMs: message.simWallMs };
      else if (message.type === "cancelled") settled = { status: "CANCELLED" };
      else settled = { status: "FAILED", error: message.message };
    });
    worker.on("error", (error: Error & { code?: string }) => {
      settled ??= {
        status: "FAILED",
        error:
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? `The simulation ran out of memory (limit ${THREAD_HEAP_MB} MB); try a smaller scenario.`
            : `The simulation thread failed: ${error.message}`,
      };
    });
    worker.on("exit", (code) => {
      if (settled) resolve(settled);
      else if (terminated && Atomics.load(flag, CANCEL_FLAG) === 1) resolve({ status: "CANCELLED" });
      else resolve({ status: "FAILED", error: `The simulation thread stopped unexpectedly (exit code ${code}).` });
    });
  });
  return {
    outcome,
    cancel() {
      Atomics.store(flag, CANCEL_FLAG, 1);
    },
    async terminate() {
      terminated = true;
      await worker.terminate();
    },
  };
}
