import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AskOutcomeBadge, isGenerated } from "./ask-outcome-badge";
import { askSuggestions } from "./ask-suggestions";

describe("AskOutcomeBadge", () => {
  it("says a generated answer was checked against the record, and when it took a second attempt", () => {
    expect(renderToStaticMarkup(<AskOutcomeBadge outcome="passed" />)).toContain("checked against the record<");
    expect(renderToStaticMarkup(<AskOutcomeBadge outcome="regenerated" />)).toContain("checked against the record (second attempt)");
  });

  it("says template text is shown, and why", () => {
    for (const outcome of ["fallback", "unconfigured", "refused", "provider-error", "rate-limited"] as const) {
      expect(isGenerated(outcome)).toBe(false);
      expect(renderToStaticMarkup(<AskOutcomeBadge outcome={outcome} notice="The model could not be reached." />)).toContain(
        "template text: The model could not be reached.",
      );
    }
  });
});

describe("askSuggestions", () => {
  it("offers three different questions per subject", () => {
    for (const kind of ["decision", "job"] as const) expect(new Set(askSuggestions(kind)).size).toBe(3);
    expect(askSuggestions("decision")).not.toEqual(askSuggestions("job"));
  });
});
