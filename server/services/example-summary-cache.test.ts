import { describe, expect, it } from "vitest";
import { cachedExampleSummary } from "./example-summary-cache";

describe("cachedExampleSummary", () => {
  it("loads an example once per file and contents", async () => {
    let loads = 0;
    const load = async () => ({ jobs: ++loads });
    const doc = { name: "a", seed: 1 };
    expect(await cachedExampleSummary("scenario-cache-a.json", doc, load)).toEqual({ jobs: 1 });
    expect(await cachedExampleSummary("scenario-cache-a.json", { ...doc }, load)).toEqual({ jobs: 1 });
    expect(await cachedExampleSummary("scenario-cache-b.json", doc, load)).toEqual({ jobs: 2 });
    // The same file edited: loaded again.
    expect(await cachedExampleSummary("scenario-cache-a.json", { ...doc, seed: 2 }, load)).toEqual({ jobs: 3 });
    expect(loads).toBe(3);
  });

  it("does not keep a failed load", async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error("bad trace");
    };
    await expect(cachedExampleSummary("scenario-cache-c.json", {}, failing)).rejects.toThrow("bad trace");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cachedExampleSummary("scenario-cache-c.json", {}, async () => "loaded")).toBe("loaded");
    expect(calls).toBe(1);
  });
});
