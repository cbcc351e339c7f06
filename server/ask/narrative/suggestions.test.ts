import { describe, expect, it } from "vitest";
import { suggest, type SuggestionInputs } from "./suggestions";

const none = { decisionIds: [], decisionCount: 0 };
const base: SuggestionInputs = {
  quotaWaits: [],
  cleanPower: { jobs: 0, savedKg: 0, delayH: 0, ...none },
  preemptions: { count: 0, uncheckpointed: 0, ...none },
  busiest: null,
  totalPlacements: 0,
};

describe("suggestions", () => {
  it("suggests nothing for a quiet week", () => {
    expect(suggest(base)).toEqual([]);
  });

  it("names the tenant that waited most on quota, once it waited at least 3 cycles", () => {
    const quotaWaits = [
      { tenant: "Aurora Labs", cycles: 2, ...none },
      { tenant: "Cirrus Media", cycles: 9, decisionIds: ["d1"], decisionCount: 4 },
    ];
    expect(suggest({ ...base, quotaWaits })).toEqual([expect.objectContaining({ rule: "quota", tenant: "Cirrus Media", decisionIds: ["d1"] })]);
    expect(suggest({ ...base, quotaWaits: [quotaWaits[0]!] })).toEqual([]);
  });

  it("calls waiting for cleaner power costly below 10 g per hour of delay, and keeps at most two suggestions", () => {
    const costly = suggest({
      ...base,
      cleanPower: { jobs: 4, savedKg: 0.02, delayH: 10, ...none },
      preemptions: { count: 3, uncheckpointed: 2, ...none },
      busiest: { name: "tor-hub-1", sharePct: 80, placements: 80, ...none },
      totalPlacements: 100,
    });
    expect(costly.map((s) => s.rule)).toEqual(["clean-power-cost", "checkpoints"]);
    expect(costly[0]!.numbers[0]!.value).toBeCloseTo(2, 9);
    expect(suggest({ ...base, cleanPower: { jobs: 4, savedKg: 0.2, delayH: 10, ...none } })).toEqual([]);
  });
});
