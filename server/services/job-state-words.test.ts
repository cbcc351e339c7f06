import { describe, expect, it } from "vitest";
import { currentDecisionOutcome, jobStatePhrase } from "./job-state-words";

describe("job state words", () => {
  it("uses a verb phrase that fits each status", () => {
    expect(`this one ${jobStatePhrase("SUCCEEDED")}`).toBe("this one has succeeded");
    expect(`this one ${jobStatePhrase("RUNNING")}`).toBe("this one is running");
    expect(`this one ${jobStatePhrase("CANCELLED")}`).toBe("this one was cancelled");
  });

  it("no longer calls a cancelled or expired job deferred", () => {
    expect(currentDecisionOutcome("CANCELLED", "DEFERRED")).toBe("CANCELLED");
    expect(currentDecisionOutcome("EXPIRED", "UNSCHEDULABLE")).toBe("EXPIRED");
    expect(currentDecisionOutcome("QUEUED", "DEFERRED")).toBe("DEFERRED");
    expect(currentDecisionOutcome("CANCELLED", "PLACED")).toBe("PLACED");
    expect(currentDecisionOutcome("QUEUED", undefined)).toBe("");
  });
});
