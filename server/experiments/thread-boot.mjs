// Entry of an experiment's worker thread. Node's worker threads do not inherit tsx's loader hooks,
// so the thread registers tsx itself and then imports the TypeScript entry named in workerData.
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);
