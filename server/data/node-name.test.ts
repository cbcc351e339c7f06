import { describe, expect, it } from "vitest";
import { nodeNameProblem } from "./node-name";

describe("nodeNameProblem", () => {
  it("accepts Kubernetes node names", () => {
    for (const name of ["yul-n1", "openb-node-0227", "gpu-01.rack-3.example", "a", "0"]) expect(nodeNameProblem(name)).toBeNull();
  });

  it("refuses markup, emoji, capitals, edge dashes and overlong names", () => {
    for (const name of ["<b>x</b>", "node-🚀", "Node-1", "-n1", "n1-", "n..1", "n_1", "n 1"]) expect(nodeNameProblem(name)).toMatch(/is not a valid node name/);
    expect(nodeNameProblem("a".repeat(3000))).toBe("node name is 3,000 characters long; at most 253 are allowed");
    expect(nodeNameProblem("a".repeat(253))).toBeNull();
  });
});
