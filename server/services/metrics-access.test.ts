import { describe, expect, it } from "vitest";
import { checkMetricsAccess, sameSecret } from "./metrics-access";

const token = "s3cret-metrics-token-0123";

describe("metrics access", () => {
  it("admits only the configured bearer token", () => {
    const config = { token, isPublic: false };
    expect(checkMetricsAccess(`Bearer ${token}`, config)).toEqual({ allowed: true });
    expect(checkMetricsAccess(`bearer ${token}`, config)).toEqual({ allowed: true });
    for (const header of [null, "", token, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, `Bearer ${token} extra`, "Bearer "]) {
      expect(checkMetricsAccess(header, config)).toMatchObject({ allowed: false, status: 401 });
    }
  });

  it("refuses everyone, saying how to configure it, when neither a token nor public access is set", () => {
    const verdict = checkMetricsAccess(`Bearer ${token}`, { token: undefined, isPublic: false });
    expect(verdict).toMatchObject({ allowed: false, status: 403 });
    expect(verdict.allowed === false && verdict.message).toMatch(/VERDANT_METRICS_TOKEN.*VERDANT_METRICS_PUBLIC=true/);
  });

  it("serves anyone when public", () => {
    expect(checkMetricsAccess(null, { token: undefined, isPublic: true })).toEqual({ allowed: true });
    expect(checkMetricsAccess("Bearer wrong", { token, isPublic: true })).toEqual({ allowed: true });
  });

  it("compares secrets of any length", () => {
    expect(sameSecret("a", "a")).toBe(true);
    expect(sameSecret("a", "a".repeat(100))).toBe(false);
  });
});
