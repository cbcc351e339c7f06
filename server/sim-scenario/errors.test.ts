import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scenarioErrorFromZod } from "./errors";

const schema = z.object({ clusters: z.array(z.object({ name: z.string(), pue: z.number().min(1) })) });

describe("scenarioErrorFromZod", () => {
  it("lists every problem of a scenario with its field, not only the first", () => {
    const bad = { clusters: Array.from({ length: 9 }, (_, i) => ({ name: `c${i}`, pue: 0.5 })) };
    const error = scenarioErrorFromZod(schema.safeParse(bad).error!);
    expect(error.field).toBe("clusters[0].pue");
    expect(error.message).toMatch(/^clusters\[0\]\.pue: .*; 9 problems in all, also clusters\[1\]\.pue: /);
    for (let i = 1; i < 9; i++) expect(error.message).toContain(`clusters[${i}].pue: `);
  });

  it("counts what it does not list beyond twenty", () => {
    const bad = { clusters: Array.from({ length: 25 }, (_, i) => ({ name: `c${i}`, pue: 0 })) };
    expect(scenarioErrorFromZod(schema.safeParse(bad).error!).message).toMatch(/25 problems in all, .*; and 5 more$/);
  });

  it("says nothing more when there is one problem", () => {
    expect(scenarioErrorFromZod(schema.safeParse({ clusters: [{ name: "a", pue: 0 }] }).error!).message).not.toContain("problems in all");
  });
});
