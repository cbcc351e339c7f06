import { afterEach, describe, expect, it } from "vitest";
import { componentLogger, setLogDestination } from "./logger";

describe("logger", () => {
  afterEach(() => setLogDestination(null));

  it("writes one JSON object per line with the level name, an ISO time and the component, from info up", () => {
    const lines: string[] = [];
    setLogDestination({ write: (line: string) => void lines.push(line) });
    const log = componentLogger("worker");
    log.debug({ event: "cycle", role: "follower" }, "not written at the default level");
    log.info({ event: "cycle", placed: 3 }, "cycle");
    log.warn({ event: "cycle-error", retryInMs: 6000 }, "cycle failed; backing off");
    expect(lines).toHaveLength(2);
    const [info, warn] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(info).toMatchObject({ level: "info", component: "worker", event: "cycle", placed: 3, msg: "cycle", pid: process.pid });
    expect(new Date(info!.time as string).toISOString()).toBe(info!.time);
    expect(warn).toMatchObject({ level: "warn", event: "cycle-error", retryInMs: 6000 });
  });
});
