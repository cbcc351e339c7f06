import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { exitCodeOf, supervise, type ChildExit, type SupervisedChild, type SupervisorClock } from "./supervise";

/** A clock whose time only moves when the test says so. */
function fakeClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: SupervisorClock & { advance(ms: number): void; pending(): number[] } = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    pending: () => [...timers.values()].map((t) => t.at - now),
  };
  return clock;
}

class FakeChild extends EventEmitter implements SupervisedChild {
  readonly signals: string[] = [];
  constructor(readonly pid: number) {
    super();
  }
  kill(signal: NodeJS.Signals = "SIGTERM") {
    this.signals.push(signal);
    return true;
  }
  exit(code: number | null, signal: NodeJS.Signals | null = null) {
    this.emit("exit", code, signal);
  }
}

function harness(options: { healthyAfterMs?: number } = {}) {
  const clock = fakeClock();
  const children: FakeChild[] = [];
  const exits: ChildExit[] = [];
  const supervisor = supervise({
    spawn: () => {
      const child = new FakeChild(1000 + children.length);
      children.push(child);
      return child;
    },
    onExit: (exit) => exits.push(exit),
    clock,
    ...options,
  });
  return { clock, children, exits, supervisor };
}

describe("supervise", () => {
  it("restarts a crashing child after 1, 2, 4 ... seconds, capped at 30", () => {
    const { clock, children, exits, supervisor } = harness();
    expect(children).toHaveLength(1);
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      children.at(-1)!.exit(null, "SIGKILL");
      delays.push(exits.at(-1)!.restartInMs);
      // Not restarted a moment before the delay, restarted at it.
      clock.advance(exits.at(-1)!.restartInMs - 1);
      expect(children).toHaveLength(i + 1);
      clock.advance(1);
      expect(children).toHaveLength(i + 2);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(supervisor.restarts).toBe(8);
    expect(exits.map((e) => e.restarts)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("goes back to the first delay after a run of a minute or more", () => {
    const { clock, children, exits } = harness();
    children[0]!.exit(1);
    clock.advance(1000);
    children[1]!.exit(1);
    clock.advance(2000);
    expect(exits.map((e) => e.restartInMs)).toEqual([1000, 2000]);
    clock.advance(59_999);
    children[2]!.exit(1);
    expect(exits.at(-1)).toMatchObject({ restartInMs: 4000, ranMs: 59_999 });
    clock.advance(4000);
    clock.advance(60_000);
    children[3]!.exit(2);
    expect(exits.at(-1)).toMatchObject({ code: 2, restartInMs: 1000, ranMs: 60_000 });
  });

  it("stop() terminates the child, never restarts it, and escalates to SIGKILL after the grace", async () => {
    const { clock, children, supervisor } = harness();
    const stopped = supervisor.stop();
    expect(children[0]!.signals).toEqual(["SIGTERM"]);
    clock.advance(10_000);
    expect(children[0]!.signals).toEqual(["SIGTERM", "SIGKILL"]);
    children[0]!.exit(null, "SIGKILL");
    await stopped;
    clock.advance(120_000);
    expect(children).toHaveLength(1);
    expect(supervisor.child).toBeNull();
  });

  it("stop() during a restart delay cancels the restart", async () => {
    const { clock, children, supervisor } = harness();
    children[0]!.exit(1);
    expect(clock.pending()).toEqual([1000]);
    await supervisor.stop();
    clock.advance(60_000);
    expect(children).toHaveLength(1);
  });

  it("reports exit codes in the shell convention", () => {
    expect(exitCodeOf(3, null, { SIGKILL: 9 })).toBe(3);
    expect(exitCodeOf(null, "SIGKILL", { SIGKILL: 9 })).toBe(137);
    expect(exitCodeOf(null, null, {})).toBeNull();
  });
});
