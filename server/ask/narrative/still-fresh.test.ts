import { describe, expect, it } from "vitest";
import { NARRATIVE_RETRY_MS, NARRATIVE_TTL_MS, stillFresh } from "./narrative-service";

const to = new Date("2026-03-15T12:00:00Z");
const at = (ms: number) => new Date(to.getTime() + ms);

describe("when a stored narrative is shown again", () => {
  it("keeps a generated narrative of a finished week, and one of a running week for an hour", () => {
    expect(stillFresh({ outcome: "passed", createdAt: at(1) }, { to }, at(30 * 86_400_000), true)).toBe(true);
    expect(stillFresh({ outcome: "passed", createdAt: at(-10) }, { to }, at(NARRATIVE_TTL_MS - 20), true)).toBe(true);
    expect(stillFresh({ outcome: "passed", createdAt: at(-10) }, { to }, at(NARRATIVE_TTL_MS), true)).toBe(false);
  });

  it("rebuilds at once when a model is configured or removed, and retries a failed generation after 5 minutes", () => {
    expect(stillFresh({ outcome: "unconfigured", createdAt: at(0) }, { to }, at(1), true)).toBe(false);
    expect(stillFresh({ outcome: "passed", createdAt: at(0) }, { to }, at(1), false)).toBe(false);
    expect(stillFresh({ outcome: "unconfigured", createdAt: at(0) }, { to }, at(NARRATIVE_RETRY_MS + 1), false)).toBe(true);
    expect(stillFresh({ outcome: "provider-error", createdAt: at(0) }, { to }, at(NARRATIVE_RETRY_MS - 1), true)).toBe(true);
    expect(stillFresh({ outcome: "provider-error", createdAt: at(0) }, { to }, at(NARRATIVE_RETRY_MS), true)).toBe(false);
  });
});
