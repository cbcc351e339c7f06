import { describe, expect, it } from "vitest";
import { savingView } from "./experiment-format";

describe("savingView", () => {
  it("shows a saving as less CO2e in the better tone", () => {
    expect(savingView(12.34)).toEqual({ amount: "12.3 %", words: "less CO2e", tone: "better" });
  });

  it("shows a negative saving as more CO2e in the worse tone, never a green minus", () => {
    expect(savingView(-5)).toEqual({ amount: "5.0 %", words: "more CO2e", tone: "worse" });
  });

  it("is neutral for no change or no figure", () => {
    expect(savingView(0).tone).toBe("neutral");
    expect(savingView(null).amount).toBe("—");
  });
});
