import { describe, expect, it } from "vitest";
import { capLength } from "./cap-length";

describe("capLength", () => {
  it("keeps a short answer as is", () => {
    expect(capLength("  It waited for cleaner power. ", 100)).toBe("It waited for cleaner power.");
  });

  it("cuts a long answer at the last sentence end that fits", () => {
    expect(capLength("First sentence here. Second sentence is longer than the limit allows.", 40)).toBe("First sentence here.");
  });

  it("cuts at a word when no sentence fits, never inside a number", () => {
    expect(capLength("It emits 2,320 gCO2e over a long and winding run", 17)).toBe("It emits 2,320…");
  });
});
