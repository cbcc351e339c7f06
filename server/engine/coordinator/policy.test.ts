/** Stored policies of every shape the editor and seed have written still parse; unknown names are refused by name. */
import { describe, expect, it } from "vitest";
import { OBJECTIVES } from "./objectives/registry";
import { parseCoordinatorPolicy } from "./policy";

const row = (objectiveWeights: unknown) => ({ name: "verdant-fleet", version: 2, objectiveWeights, constraints: {} });

describe("policy weights by objective name", () => {
  const stored = [
    {
      name: "four weights (written before load existed)",
      weights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1 },
      parsed: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, load: 0, kind: 0 },
    },
    {
      name: "five weights, load kept",
      weights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, load: 0.5 },
      parsed: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, load: 0.5, kind: 0 },
    },
    {
      name: "six weights, kind kept",
      weights: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, load: 0, kind: 0.1 },
      parsed: { carbon: 0.4, fragmentation: 0.3, waiting: 0.2, locality: 0.1, load: 0, kind: 0.1 },
    },
    { name: "only load (a least-loaded baseline)", weights: { load: 1 }, parsed: { carbon: 0, fragmentation: 0, waiting: 0, locality: 0, load: 1, kind: 0 } },
  ];
  it.each(stored)("upgrades a stored row: $name", ({ weights, parsed }) => {
    const p = parseCoordinatorPolicy(row(weights));
    expect(p.objectiveWeights).toEqual(parsed);
    expect(Object.keys(p.objectiveWeights)).toEqual([...OBJECTIVES]);
    // Saving the parsed weights back and reading them again changes nothing.
    expect(parseCoordinatorPolicy(row(p.objectiveWeights)).objectiveWeights).toEqual(parsed);
  });

  it("refuses an objective no plugin has, naming it", () => {
    const result = (() => {
      try {
        parseCoordinatorPolicy(row({ carbon: 1, speed: 2 }));
        return null;
      } catch (error) {
        return error as { issues: { path: unknown[]; message: string }[] };
      }
    })();
    expect(result?.issues[0]?.path).toEqual(["objectiveWeights", "speed"]);
    expect(result?.issues[0]?.message).toMatch(/unknown objective "speed"/);
  });

  it("refuses all-zero and negative weights", () => {
    expect(() => parseCoordinatorPolicy(row({ carbon: 0, fragmentation: 0 }))).toThrow(/at least one objective weight must be positive/);
    expect(() => parseCoordinatorPolicy(row({ carbon: -1, fragmentation: 1 }))).toThrow();
  });
});
