import { describe, expect, it } from "vitest";
import { formatEnergy, jobEnergyView } from "./job-energy";

describe("formatEnergy", () => {
  it("carries a unit that fits the size", () => {
    expect(formatEnergy(0.4217)).toBe("0.42 kWh");
    expect(formatEnergy(12.46)).toBe("12.5 kWh");
    expect(formatEnergy(2345)).toBe("2.35 MWh");
    expect(formatEnergy(null)).toBe("—");
  });
});

describe("jobEnergyView", () => {
  const base = { status: "SUCCEEDED", energyKwh: 3, emissionsGCo2e: 900, accounted: null };
  it("prefers the hourly ledger over the placement estimate", () => {
    const v = jobEnergyView({ ...base, status: "RUNNING", accounted: { energyKwh: 1.5, emissionsGCo2e: 450, hours: 2 } });
    expect(v).toMatchObject({ energy: "1.50 kWh", emissions: "450 g CO2e", basis: "accounted" });
    expect(v.note).toMatch(/^So far: accounted over 2 hours/);
  });
  it("names the clusters a split job's hours were drawn on, and not for one cluster", () => {
    const split = jobEnergyView({ ...base, accounted: { energyKwh: 1.5, emissionsGCo2e: 450, hours: 3, clusters: 2 } });
    expect(split.note).toMatch(/^accounted over 3 hours on 2 clusters, each part with its own cluster's intensity and PUE,/);
    expect(jobEnergyView({ ...base, accounted: { energyKwh: 1.5, emissionsGCo2e: 450, hours: 3, clusters: 1 } }).note).not.toMatch(/clusters/);
  });
  it("shows the estimate, labelled, when nothing is accounted", () => {
    expect(jobEnergyView(base)).toMatchObject({ energy: "3.00 kWh", emissions: "900 g CO2e", basis: "estimated" });
  });
  it("says when it will be known for a queued job", () => {
    expect(jobEnergyView({ status: "QUEUED", energyKwh: null, emissionsGCo2e: null, accounted: null })).toMatchObject({
      energy: "—",
      basis: null,
      note: "Known once the job is placed.",
    });
  });
});
