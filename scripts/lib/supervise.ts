// Keeps a background process running: when it exits on its own it is started again after a delay
// that doubles on each quick failure (1 s, 2 s, 4 s ... up to 30 s) and falls back to the first delay
// once a run has lasted a minute, so a crash loop neither spins nor waits forever after a good run.
// The spawn function and the clock are injected so the back-off can be tested without processes.

/** The part of a child process the supervisor uses (node's ChildProcess satisfies it). */
export interface SupervisedChild {
  readonly pid?: number;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

/** Timers the supervisor waits with (tests pass a fake clock). */
export interface SupervisorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What the supervisor reports when its child exits while it is meant to be running. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** How long the run lasted, ms. */
  ranMs: number;
  /** Restarts so far, counting the one now scheduled. */
  restarts: number;
  /** Delay before the restart, ms. */
  restartInMs: number;
}

export interface SuperviseOptions {
  /** Starts one run of the process. */
  spawn: () => SupervisedChild;
  /** Called after each spawn (the first and every restart). */
  onStart?: (child: SupervisedChild, run: number) => void;
  /** Called when the child exits unexpectedly, before the restart is scheduled. */
  onExit?: (exit: ChildExit) => void;
  clock?: SupervisorClock;
  /** First restart delay (default 1 s). */
  initialDelayMs?: number;
  /** Longest restart delay (default 30 s). */
  maxDelayMs?: number;
  /** A run at least this long counts as healthy and resets the delay (default 60 s). */
  healthyAfterMs?: number;
  /** How long stop() waits after SIGTERM before sending SIGKILL (default 10 s). */
  stopGraceMs?: number;
}

/** A running supervisor. */
export interface Supervisor {
  /** The current child, or null while waiting to restart or after stop(). */
  readonly child: SupervisedChild | null;
  /** Restarts so far. */
  readonly restarts: number;
  /** Stops restarting, sends SIGTERM to the child (SIGKILL after the grace) and waits for its exit. */
  stop(): Promise<void>;
}

const systemClock: SupervisorClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Starts the process now and keeps restarting it until stop(). */
export function supervise(options: SuperviseOptions): Supervisor {
  const clock = options.clock ?? systemClock;
  const initialDelayMs = options.initialDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const healthyAfterMs = options.healthyAfterMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  let child: SupervisedChild | null = null;
  let exited: Promise<void> = Promise.resolve();
  let restartTimer: unknown = null;
  let nextDelayMs = initialDelayMs;
  let restarts = 0;
  let runs = 0;
  let stopping = false;

  function start() {
    restartTimer = null;
    const startedAt = clock.now();
    const current = options.spawn();
    child = current;
    runs++;
    exited = new Promise<void>((resolve) => {
      current.once("exit", (code, signal) => {
        resolve();
        if (child === current) child = null;
        if (stopping) return;
        const ranMs = clock.now() - startedAt;
        if (ranMs >= healthyAfterMs) nextDelayMs = initialDelayMs;
        const restartInMs = nextDelayMs;
        nextDelayMs = Math.min(maxDelayMs, nextDelayMs * 2);
        restarts++;
        options.onExit?.({ code, signal, ranMs, restarts, restartInMs });
        restartTimer = clock.setTimeout(start, restartInMs);
      });
    });
    options.onStart?.(current, runs);
  }

  start();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopping = true;
      if (restartTimer !== null) clock.clearTimeout(restartTimer);
      restartTimer = null;
      const current = child;
      if (!current) return;
      current.kill("SIGTERM");
      const killTimer = clock.setTimeout(() => current.kill("SIGKILL"), stopGraceMs);
      await exited;
      clock.clearTimeout(killTimer);
    },
  };
}

/** Exit code in the shell's convention: the code, or 128 + the signal number for a killed process. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null, signalNumbers: Record<string, number>): number | null {
  if (code !== null) return code;
  const number = signal ? signalNumbers[signal] : undefined;
  return number === undefined ? null : 128 + number;
}
