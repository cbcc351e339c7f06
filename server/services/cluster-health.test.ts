import { describe, expect, it } from "vitest";
import { DriverError } from "../drivers";
import { ClusterUnreachableError, createClusterGuard, isReachabilityFailure } from "./cluster-health";

const never = () => new Promise<never>(() => {});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const options = { callTimeoutMs: 40, failureThreshold: 3, halfOpenAfterMs: 150, concurrency: 2 };

describe("cluster guard", () => {
  it("times out hung calls, opens after 3 in a row, refuses at once while open, and closes on a successful probe", async () => {
    const guard = createClusterGuard("fra", options);
    for (let i = 0; i < 3; i++)
      await expect(guard.call("start job", never)).rejects.toMatchObject({ code: "API", message: "cluster fra: start job timed out after 40 ms" });
    expect(guard.health()).toEqual({ consecutiveFailures: 3, unreachable: true, reason: "start job timed out after 40 ms", reached: false });

    const started = performance.now();
    await expect(guard.call("poll job", async () => "never called")).rejects.toBeInstanceOf(ClusterUnreachableError);
    expect(performance.now() - started).toBeLessThan(20);

    await sleep(options.halfOpenAfterMs + 20);
    await expect(guard.call("list nodes", async () => "ok")).resolves.toBe("ok");
    expect(guard.health()).toEqual({ consecutiveFailures: 0, unreachable: false, reason: null, reached: true });
  });

  it("counts only reachability: a 4xx answer or a driver refusal proves the API is there", async () => {
    const guard = createClusterGuard("lon", options);
    const refusal = new DriverError("DUPLICATE_JOB", "exists");
    const forbidden = new DriverError("API", "cluster lon: create Job failed: forbidden", { status: 403 });
    for (let i = 0; i < 5; i++) {
      await expect(guard.call("start job", () => Promise.reject(refusal))).rejects.toBe(refusal);
      await expect(guard.call("start job", () => Promise.reject(forbidden))).rejects.toBe(forbidden);
    }
    expect(guard.unreachable).toBe(false);
    expect(isReachabilityFailure(new DriverError("API", "connect ECONNREFUSED", { status: null }))).toBe(true);
    expect(isReachabilityFailure(new DriverError("API", "bad gateway", { status: 502 }))).toBe(true);
    // A success between failures starts the count again.
    const refused = new DriverError("API", "ECONNREFUSED", { status: null });
    await expect(guard.call("a", () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(guard.call("a", () => Promise.reject(refused))).rejects.toBe(refused);
    await guard.call("b", async () => 1);
    await expect(guard.call("a", () => Promise.reject(refused))).rejects.toBe(refused);
    expect(guard.health()).toMatchObject({ consecutiveFailures: 1, unreachable: false, reason: "ECONNREFUSED" });
  });

  it("lets at most `concurrency` calls run at once and reports how long the oldest has waited", async () => {
    const guard = createClusterGuard("sjc", { ...options, callTimeoutMs: 1_000 });
    let running = 0;
    let most = 0;
    const call = () =>
      guard.call("poll job", async () => {
        running++;
        most = Math.max(most, running);
        await sleep(30);
        running--;
      });
    const all = Promise.all(Array.from({ length: 6 }, call));
    await sleep(10);
    expect(guard.oldestCallMs()).toBeGreaterThanOrEqual(5);
    await all;
    expect(most).toBe(2);
    expect(guard.oldestCallMs()).toBe(0);
  });
});
