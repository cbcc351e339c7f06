import { describe, expect, it } from "vitest";
import { replayStatus } from "./decision-replay-service";

describe("replay status", () => {
  const same = { recorded: "1.0.0+aaaaaaaaaaaa", current: "1.0.0+aaaaaaaaaaaa" };
  const upgraded = { recorded: "1.0.0+aaaaaaaaaaaa", current: "1.0.0+bbbbbbbbbbbb" };
  const unknown = { recorded: null, current: "1.0.0+bbbbbbbbbbbb" };

  it("a difference is the engine's only when another build is on record", () => {
    expect(replayStatus(false, false, upgraded)).toBe("engine-changed");
    expect(replayStatus(false, false, same)).toBe("mismatch");
    expect(replayStatus(false, false, unknown)).toBe("mismatch");
  });

  it("equal is reproduced on any build; tampered inputs are a mismatch on any build", () => {
    expect(replayStatus(true, false, upgraded)).toBe("reproduced");
    expect(replayStatus(true, true, upgraded)).toBe("mismatch");
    expect(replayStatus(false, true, upgraded)).toBe("mismatch");
  });
});
