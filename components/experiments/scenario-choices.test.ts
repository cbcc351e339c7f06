import { describe, expect, it } from "vitest";
import { choicesAfterSummary, NOTHING_FILLED } from "./scenario-choices";

const headline = { name: "Headline fleet", policies: ["fgd", "verdant", "first-fit"] };
const small = { name: "Small example", policies: ["fgd", "verdant"] };

describe("choicesAfterSummary", () => {
  it("fills an untouched form with the scenario's name and every policy", () => {
    expect(choicesAfterSummary({ name: "", policies: [] }, NOTHING_FILLED, headline)).toEqual({
      name: "Headline fleet (3 policies)",
      policies: ["fgd", "verdant", "first-fit"],
    });
  });

  it("renames the run after the newly chosen example when the name was Verdant's own", () => {
    const filled = choicesAfterSummary({ name: "", policies: [] }, NOTHING_FILLED, headline);
    expect(choicesAfterSummary(filled, filled, small).name).toBe("Small example (2 policies)");
    expect(choicesAfterSummary({ ...filled, name: "my run" }, filled, small).name).toBe("my run");
  });

  it("keeps policies the person unticked when the summary arrives late", () => {
    const filled = { name: "Headline fleet (3 policies)", policies: ["fgd", "verdant", "first-fit"] };
    expect(choicesAfterSummary({ ...filled, policies: ["verdant"] }, filled, headline).policies).toEqual(["verdant"]);
    // A choice that the new scenario cannot honour falls back to all of its policies.
    expect(choicesAfterSummary({ ...filled, policies: ["first-fit"] }, filled, small).policies).toEqual(["fgd", "verdant"]);
  });
});
