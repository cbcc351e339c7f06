// The simulation thread: loads the scenario, keeps the chosen policies, runs the simulator and posts
// progress and the outcome to the runner. It never touches the database; the runner owns the row.
// Cancel: the runner sets a shared Int32Array flag with Atomics; shouldCancel reads it synchronously
// between simulator events, so a cancel lands without waiting for this thread's event loop.
import { parentPort, workerData } from "node:worker_threads";
import { SimCancelledError, simulate } from "../engine";
import { storedResults, storedTimeSeries } from "./results";
import { loadStoredScenario, scenarioProblem } from "./scenario-source";
import { CANCEL_FLAG, type ThreadJob, type ThreadMessage } from "./thread-protocol";

const { job, flag } = workerData as { job: ThreadJob; flag: Int32Array };
const post = (message: ThreadMessage) => parentPort!.postMessage(message);
const cancelled = () => Atomics.load(flag, CANCEL_FLAG) === 1;

// The simulator reports at most once per percent of each policy, so every report is posted; the
// runner writes the latest one to the database about once per second.
const progress = (value: number, note: string) => post({ type: "progress", progress: value, note });

try {
  post({ type: "progress", progress: 0, note: "Loading the scenario." });
  const input = await loadStoredScenario(job.scenario);
  const policies = job.policies.map((name) => {
    const policy = input.policies.find((p) => p.name === name);
    if (!policy) throw new Error(`The scenario no longer offers the policy "${name}".`);
    return policy;
  });
  if (cancelled()) throw new SimCancelledError("(none yet)", 0);
  const result = await simulate(
    { ...input, policies, baseline: job.baseline },
    { now: () => performance.now(), onProgress: progress, shouldCancel: cancelled },
  );
  post({ type: "done", results: storedResults(result), timeSeries: storedTimeSeries(result), simWallMs: result.wallMs });
} catch (error) {
  if (error instanceof SimCancelledError || cancelled()) post({ type: "cancelled" });
  else post({ type: "failed", message: scenarioProblem(error) });
}
