/**
 * Clocks for drivers. The simulated cluster runs on a sim clock: simulated time advances `speed`
 * times faster than a real clock (60x: a one-hour job finishes in a minute of demo). Both the real
 * clock and the starting point are injected, so tests drive it with a manual clock.
 */
import type { Clock } from "./types";

/** A clock that only moves when told to (tests). */
export interface ManualClock {
  now: Clock;
  advance(ms: number): void;
  set(ms: number): void;
}

/** Creates a manual clock starting at `startMs`. */
export function createManualClock(startMs: number): ManualClock {
  let t = startMs;
  return {
    now: () => t,
    advance: (ms) => {
      if (ms < 0) throw new RangeError(`a clock cannot go back (advance by ${ms} ms)`);
      t += ms;
    },
    set: (ms) => {
      if (ms < t) throw new RangeError(`a clock cannot go back (from ${t} to ${ms})`);
      t = ms;
    },
  };
}

/** Simulated time that runs `speed` times faster than a real clock; the speed can change at run time. */
export interface SimClock {
  now: Clock;
  readonly speed: number;
  /** Changes the speed from now on; simulated time stays continuous. */
  setSpeed(speed: number): void;
}

/** Creates a sim clock that reads `startMs` when `real()` reads its current value. */
export function createSimClock(options: { real: Clock; startMs: number; speed: number }): SimClock {
  const check = (speed: number) => {
    if (!(Number.isFinite(speed) && speed > 0)) throw new RangeError(`speed must be a positive number, got ${speed}`);
  };
  check(options.speed);
  let anchorReal = options.real();
  let anchorSim = options.startMs;
  let speed = options.speed;
  const now = () => anchorSim + (options.real() - anchorReal) * speed;
  return {
    now,
    get speed() {
      return speed;
    },
    setSpeed(next) {
      check(next);
      // Re-anchor so the change applies only to time after it.
      anchorSim = now();
      anchorReal = options.real();
      speed = next;
    },
  };
}
