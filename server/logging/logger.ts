/**
 * The one logger of the server and its background processes: pino, one JSON object per line on
 * stdout, with a level (`LOG_LEVEL`, default info), an ISO time and the component that wrote it.
 * Levels: info for cycles and completed work, warn for retries and back-off, error for failures.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "../env.js";

export type { Logger } from "pino";

let root: Logger | null = null;
let destination: DestinationStream | null = null;

function createRoot(): Logger {
  return pino(
    {
      level: env().LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names ("warn") rather than numbers (40): readable with grep and jq alike.
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous writes: a background process that exits right after a line (an orderly stop,
    // a fatal start error) must not lose it in a buffer.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** The process-wide logger. */
export function rootLogger(): Logger {
  root ??= createRoot();
  return root;
}

/** A logger whose lines carry `component` (worker, experiments, trpc, feeds, ...). */
export function componentLogger(component: string, bindings: Record<string, unknown> = {}): Logger {
  return rootLogger().child({ component, ...bindings });
}

/** Sends the lines of loggers made from now on to `stream` instead of stdout (tests read them there). */
export function setLogDestination(stream: DestinationStream | null): void {
  destination = stream;
  root = null;
}
