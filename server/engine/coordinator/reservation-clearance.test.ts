import { describe, expect, it } from "vitest";
import { createCoordinator } from "./coordinator";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY } from "./policy";
import { cluster, job, nodes, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { FleetCluster, FleetSnapshot, Reservation } from "./types";

const H = 3_600_000;
const gang = { cpuMilli: 8000, memoryMib: 8192, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [], gangSize: 2 };

/** A clean 4-node hub holding a 2-node reservation that starts in `inHours` (a capacity wait unless `carbon`). */
function cleanHub(inHours: number, carbon = false): FleetCluster {
  const c = cluster("no-hub", { region: "eu-north", zone: "NO", specs: nodes("no", 4, "A100"), series: ZONES.hydro() });
  const reservation: Reservation = {
    jobId: "waiting-gang",
    job: gang,
    assignments: [0, 1].map((nodeIndex) => ({ nodeIndex, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] })),
    startMs: T0_MS + inHours * H,
    endMs: T0_MS + (inHours + 4) * H,
    ...(carbon ? { carbonDeferral: true } : {}),
  };
  return { ...c, reservations: [reservation] };
}

const dirty = () => cluster("pl-hub", { region: "eu-central", zone: "PL", specs: nodes("pl", 2, "A100"), series: ZONES.coal() });
const snapshot = (clusters: FleetCluster[]): FleetSnapshot => ({ nowMs: T0_MS, clusters, links: [], gpuModels: [], tenants: [] });
const ON = { ...DEFAULT_COORDINATOR_POLICY, constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, keepClearOfReservations: true } };
const decide = (s: FleetSnapshot, j = job({ estimatedDurationS: 1800 }), policy = ON) =>
  createCoordinator({ policy, workload: WORKLOAD }).decide(s, j, { seed: 1 });

describe("keeping clear of capacity reservations", () => {
  it("starts a small job on another cluster when the clean one holds a reservation for a job waiting for capacity, and says why", () => {
    const d = decide(snapshot([cleanHub(2), dirty()]));
    expect(d.outcome).toBe("placed");
    expect(d.parts[0]?.clusterId).toBe("pl-hub");
    expect(formatExplanation(d.explanation)).toContain("reservation of 16 GPUs for a job that waits for capacity");
  });

  it("takes the clean cluster when nothing waits for capacity there: no reservation, or only a carbon deferral", () => {
    const free = { ...cleanHub(2), reservations: [] };
    expect(decide(snapshot([free, dirty()])).parts[0]?.clusterId).toBe("no-hub");
    expect(decide(snapshot([cleanHub(2, true), dirty()])).parts[0]?.clusterId).toBe("no-hub");
  });

  it("still starts the job on the reserved cluster when no other cluster can start it now (nothing left idle)", () => {
    const full = cluster("pl-hub", { region: "eu-central", zone: "PL", specs: nodes("pl", 2, "A100"), busyGpus: 16, series: ZONES.coal() });
    const d = decide(snapshot([cleanHub(2), full]));
    expect(d.outcome).toBe("placed");
    expect(d.parts[0]?.clusterId).toBe("no-hub");
  });

  it("is off unless the policy turns it on (the default of stored policies)", () => {
    expect(DEFAULT_COORDINATOR_POLICY.constraints.keepClearOfReservations).toBe(false);
    expect(decide(snapshot([cleanHub(2), dirty()]), undefined, DEFAULT_COORDINATOR_POLICY).parts[0]?.clusterId).toBe("no-hub");
  });

  it("does not count the job's own reservation", () => {
    const own = job({ id: "waiting-gang", estimatedDurationS: 1800 });
    expect(decide(snapshot([cleanHub(2), dirty()]), own).parts[0]?.clusterId).toBe("no-hub");
  });
});
