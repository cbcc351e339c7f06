import { describe, expect, it } from "vitest";
import { parseReplayArgs, ReplayArgError } from "./args";

describe("replay arguments", () => {
  it("takes one decision or all, with or without --json", () => {
    expect(parseReplayArgs(["--decision", "d-1"])).toEqual({ decisionId: "d-1", all: false, json: false, help: false });
    expect(parseReplayArgs(["--all", "--json"])).toEqual({ decisionId: null, all: true, json: true, help: false });
  });

  it("names the argument that is wrong", () => {
    expect(() => parseReplayArgs([])).toThrow(new ReplayArgError("give exactly one of --decision ID and --all"));
    expect(() => parseReplayArgs(["--all", "--decision", "d-1"])).toThrow(ReplayArgError);
    expect(() => parseReplayArgs(["--decision"])).toThrow("--decision: give the decision id after it");
    expect(() => parseReplayArgs(["--all", "--fast"])).toThrow("--fast: unknown argument");
  });
});
