import { describe, expect, it } from "vitest";
import { z } from "zod";
import { safeString } from "./safe-input";

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("plain-language validation messages", () => {
  it("asks for a number when a number field is emptied (NaN) or missing", () => {
    expect(message(z.number(), Number.NaN)).toBe("Enter a number.");
    expect(message(z.object({ weight: z.number() }), {})).toBe("Enter a number.");
  });

  it("says how long a text may be instead of zod's developer wording", () => {
    expect(message(z.string().max(200), "x".repeat(201))).toBe("At most 200 characters.");
    expect(message(z.string().min(12), "short")).toBe("At least 12 characters.");
    expect(message(z.number().max(1), 2)).toBe("At most 1.");
  });

  it("keeps every message a schema states itself", () => {
    expect(message(safeString("Password", 200), "x".repeat(201))).toBe("Password: at most 200 characters.");
    expect(message(z.number({ error: "Enter a weight" }), Number.NaN)).toBe("Enter a weight");
  });
});
