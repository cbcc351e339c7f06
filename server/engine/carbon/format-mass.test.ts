import { describe, expect, it } from "vitest";
import { formatCo2eMass } from "./format-mass";

describe("formatCo2eMass", () => {
  it("picks g, kg or t by magnitude", () => {
    expect(formatCo2eMass(0.654)).toBe("0.65 g CO2e");
    expect(formatCo2eMass(412.4)).toBe("412 g CO2e");
    expect(formatCo2eMass(2320)).toBe("2.32 kg CO2e");
    expect(formatCo2eMass(12_345)).toBe("12.3 kg CO2e");
    expect(formatCo2eMass(1_250_000)).toBe("1.25 t CO2e");
    expect(formatCo2eMass(123_456_789)).toBe("123.5 t CO2e");
    expect(formatCo2eMass(5)).toBe("5 g CO2e");
    expect(formatCo2eMass(2_300)).toBe("2.3 kg CO2e");
    expect(formatCo2eMass(1_234_000_000)).toBe("1,234 t CO2e");
  });

  it("keeps the sign of a negative mass and marks unknown values", () => {
    expect(formatCo2eMass(-2320)).toBe("-2.32 kg CO2e");
    expect(formatCo2eMass(Number.NaN)).toBe("—");
    expect(formatCo2eMass(null)).toBe("—");
  });
});
