import { describe, expect, it } from "vitest";
import { splitSavingByCluster } from "./saving-split";

describe("splitSavingByCluster", () => {
  it("needs no split for a job that ran on one cluster", () => {
    const hours = [
      { clusterId: "a", facilityEnergyKwh: 2, emissionsGCo2e: 200 },
      { clusterId: "a", facilityEnergyKwh: 1, emissionsGCo2e: 90 },
    ];
    expect(splitSavingByCluster({ actualGCo2e: 290, baselineGCo2e: 500 }, hours)).toEqual([]);
  });

  it("divides the baseline by energy and keeps each cluster's own emissions", () => {
    const hours = [
      { clusterId: "tor", facilityEnergyKwh: 3, emissionsGCo2e: 30 },
      { clusterId: "fra", facilityEnergyKwh: 1, emissionsGCo2e: 400 },
      { clusterId: "tor", facilityEnergyKwh: 1, emissionsGCo2e: 10 },
    ];
    const parts = splitSavingByCluster({ actualGCo2e: 440, baselineGCo2e: 1000 }, hours);
    expect(parts.map((p) => p.clusterId)).toEqual(["fra", "tor"]);
    const [fra, tor] = parts;
    expect(fra!.energyShare).toBeCloseTo(0.2);
    expect(tor!.energyShare).toBeCloseTo(0.8);
    expect(fra!.actualGCo2e).toBeCloseTo(400);
    expect(tor!.actualGCo2e).toBeCloseTo(40);
    expect(fra!.baselineGCo2e).toBeCloseTo(200);
    expect(tor!.baselineGCo2e).toBeCloseTo(800);
    // The dirty part saved nothing; the clean part saved the rest.
    expect(fra!.savedGCo2e).toBeCloseTo(-200);
    expect(tor!.savedGCo2e).toBeCloseTo(760);
    expect(parts.reduce((s, p) => s + p.savedGCo2e, 0)).toBeCloseTo(1000 - 440);
  });

  it("scales the clusters' emissions to the entry's actual total", () => {
    const hours = [
      { clusterId: "a", facilityEnergyKwh: 1, emissionsGCo2e: 10 },
      { clusterId: "b", facilityEnergyKwh: 1, emissionsGCo2e: 30 },
    ];
    const parts = splitSavingByCluster({ actualGCo2e: 80, baselineGCo2e: 100 }, hours);
    expect(parts.map((p) => p.actualGCo2e)).toEqual([20, 60]);
    expect(parts.map((p) => p.baselineGCo2e)).toEqual([50, 50]);
  });
});
