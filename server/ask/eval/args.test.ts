import { describe, expect, it } from "vitest";
import { parseAskEvalArgs } from "./args";

describe("ask:eval arguments", () => {
  it("reads --json, --limit and --until", () => {
    expect(parseAskEvalArgs(["--json", "--limit", "5", "--until", "2026-03-15T12:00:00Z"])).toEqual({
      json: true,
      limit: 5,
      until: new Date("2026-03-15T12:00:00Z"),
      help: false,
    });
    expect(parseAskEvalArgs([])).toEqual({ json: false, limit: null, until: null, help: false });
  });

  it.each([
    [["--limit", "0"], /--limit: "0" is not a whole number/],
    [["--limit", "many"], /--limit: "many"/],
    [["--until", "yesterday"], /--until: "yesterday" is not an ISO date-time/],
    [["--verbose"], /Unknown option '--verbose'/],
  ])("refuses %j naming the flag", (argv, message) => {
    expect(() => parseAskEvalArgs(argv)).toThrow(message);
  });
});
