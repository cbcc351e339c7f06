/** The split cost model, and when the coordinator splits a gang across linked clusters. */
import { describe, expect, it } from "vitest";
import { createCoordinator } from "./coordinator";
import { formatExplanation } from "./format";
import { DEFAULT_COORDINATOR_POLICY, parseCoordinatorPolicy, type CoordinatorPolicy } from "./policy";
import { effectiveDistanceKm, linkVerdict, predictSplitSlowdownPct } from "./split";
import { cluster, fleet, job, nodes, occupy, T0_MS, WORKLOAD, ZONES } from "./test-fixtures";
import type { ClusterLink, FleetCluster, FleetJob, FleetSnapshot } from "./types";

const H = 3_600_000;
const link = (over: Partial<ClusterLink> = {}): ClusterLink => ({ a: "de-a", b: "de-b", bandwidthGbps: 12_800, distanceKm: 120, ...over });

describe("split cost model", () => {
  it.each([
    { name: "reference point, data parallel", l: link({ distanceKm: 300 }), p: "data" as const, pct: 1.95 },
    { name: "reference point, pipeline parallel", l: link({ distanceKm: 300 }), p: "pipeline" as const, pct: 0.13 },
    { name: "linear in distance", l: link({ distanceKm: 150 }), p: "data" as const, pct: 0.975 },
    { name: "inverse in bandwidth", l: link({ distanceKm: 300, bandwidthGbps: 6_400 }), p: "data" as const, pct: 3.9 },
    { name: "latency worse than the fibre length counts as distance", l: link({ distanceKm: 100, latencyMs: 1 }), p: "data" as const, pct: 1.3 },
    { name: "latency better than the length is ignored", l: link({ distanceKm: 100, latencyMs: 0.2 }), p: "data" as const, pct: 0.65 },
  ])("$name: $pct %", ({ l, p, pct }) => {
    expect(predictSplitSlowdownPct(l, p)).toBeCloseTo(pct, 10);
  });

  it("effective distance is the larger of the length and 200 km per ms of latency", () => {
    expect(effectiveDistanceKm(link({ distanceKm: 80, latencyMs: 0.9 }))).toBe(180);
    expect(effectiveDistanceKm(link({ distanceKm: 80 }))).toBe(80);
  });

  it("a link qualifies only when fast enough, short enough and under the penalty threshold, each check with its numbers", () => {
    const c = DEFAULT_COORDINATOR_POLICY.constraints;
    expect(linkVerdict(link(), "data", c)).toMatchObject({ ok: true, checks: [{ ok: true }, { ok: true }, { ok: true }] });
    const slow = linkVerdict(link({ bandwidthGbps: 400 }), "data", c);
    expect(slow.ok).toBe(false);
    expect(slow.checks).toEqual([
      { check: "bandwidth", value: 400, limit: 400, ok: true },
      { check: "distance", value: 120, limit: 300, ok: true },
      { check: "slowdown", value: slow.slowdownPct, limit: 5, ok: false },
    ]);
    expect(slow.slowdownPct).toBeCloseTo(1.95 * 0.4 * 32, 10);
    expect(linkVerdict(link({ distanceKm: 400 }), "pipeline", c).checks.find((x) => x.check === "distance")?.ok).toBe(false);
  });
});

/** Two 2-node A100 clusters (16 GPUs each): a gang of three 8-GPU members fits neither whole. */
const pair = (links: ClusterLink[]): FleetSnapshot =>
  fleet({
    clusters: [
      cluster("de-a", { region: "eu", zone: "DE", specs: nodes("a", 2, "A100"), series: ZONES.solar() }),
      cluster("de-b", { region: "eu", zone: "DE", specs: nodes("b", 2, "A100"), series: ZONES.solar() }),
    ],
    links,
  });
const gang = (over: Partial<FleetJob> = {}) => job({ gpuCount: 8, cpuMilli: 32_000, gangSize: 3, allowSplit: true, estimatedDurationS: 10 * 3600, ...over });
const decide = (snap: FleetSnapshot, j: FleetJob, policy: CoordinatorPolicy = DEFAULT_COORDINATOR_POLICY) =>
  createCoordinator({ policy, workload: WORKLOAD }).decide(snap, j, { seed: 3 });
const noSplitPolicy = parseCoordinatorPolicy({
  ...DEFAULT_COORDINATOR_POLICY,
  constraints: { ...DEFAULT_COORDINATOR_POLICY.constraints, allowSplitAcrossClusters: false },
});

describe("when the coordinator splits", () => {
  it("splits a gang no single cluster holds, over a qualifying link, recording why and the penalty", () => {
    const d = decide(pair([link()]), gang());
    expect(d.outcome).toBe("placed");
    expect(d.split).toBe(true);
    expect(d.parts.map((p) => [p.clusterId, p.request.gangSize])).toEqual([
      ["de-a", 2],
      ["de-b", 1],
    ]);
    const s = d.explanation.split;
    expect(s).toMatchObject({ clusterIds: ["de-a", "de-b"], membersPerPart: [2, 1], distanceKm: 120, why: { kind: "no-whole-cluster" }, maxSlowdownPct: 5 });
    expect(s?.slowdownPct).toBeCloseTo(0.78, 10);
    expect(s?.durationS).toBe(Math.round(10 * 3600 * 1.0078));
    // Each part runs as long as the stretched job.
    expect(d.parts.every((p) => p.endMs - p.startMs === (s?.durationS ?? 0) * 1000)).toBe(true);
    expect(formatExplanation(d.explanation)).toMatch(/Split across de-a and de-b \(2 \+ 1 members\).*1\.95% x \(120 km \/ 300 km\)/);
    expect(formatExplanation(d.explanation)).toMatch(/no single cluster can hold the whole gang, within the policy's limit of 5%/);
  });

  it.each([
    { name: "no links", snap: () => pair([]), j: gang(), policy: DEFAULT_COORDINATOR_POLICY },
    { name: "the job does not allow it", snap: () => pair([link()]), j: gang({ allowSplit: false }), policy: DEFAULT_COORDINATOR_POLICY },
    { name: "the policy does not allow it", snap: () => pair([link()]), j: gang(), policy: noSplitPolicy },
    { name: "the penalty is over the threshold", snap: () => pair([link({ bandwidthGbps: 1_600 })]), j: gang(), policy: DEFAULT_COORDINATOR_POLICY },
  ])("does not split when $name", ({ snap, j, policy }) => {
    const d = decide(snap(), j, policy);
    expect(d.split).toBe(false);
    expect(d.outcome).toBe("unschedulable");
    expect(d.parts).toEqual([]);
  });

  it("records every link's checks when none qualifies", () => {
    const d = decide(pair([link({ bandwidthGbps: 1_600 })]), gang());
    expect(d.explanation.links).toEqual([
      {
        a: "de-a",
        b: "de-b",
        ok: false,
        slowdownPct: predictSplitSlowdownPct(link({ bandwidthGbps: 1_600 }), "data"),
        checks: [
          { check: "bandwidth", value: 1_600, limit: 400, ok: true },
          { check: "distance", value: 120, limit: 300, ok: true },
          { check: "slowdown", value: predictSplitSlowdownPct(link({ bandwidthGbps: 1_600 }), "data"), limit: 5, ok: false },
        ],
      },
    ]);
  });

  /** A 3-node hub (two racks: the gang spreads over racks) busy until `busyH` hours from now, plus the two small linked clusters. */
  const busyHub = (busyH: number): FleetSnapshot => {
    const hub = cluster("hub", { region: "eu", zone: "DE", specs: nodes("h", 3, "A100"), series: ZONES.solar() });
    const busy: FleetCluster = {
      ...hub,
      state: occupy(hub.state, 8),
      running: [
        {
          jobId: "other",
          job: { cpuMilli: 0, memoryMib: 0, gpuCount: 8, gpuMilliPerGpu: 1000, allowedGpuModels: [], gangSize: 3 },
          assignments: [0, 1, 2].map((nodeIndex) => ({ nodeIndex, gpuIndices: [0, 1, 2, 3, 4, 5, 6, 7] })),
          endMs: T0_MS + busyH * H,
        },
      ],
    };
    return { ...pair([link()]), clusters: [busy, ...pair([]).clusters] };
  };

  it("splits now when the whole gang would only start later and the split ends sooner", () => {
    const d = decide(busyHub(5), gang({ gangSameRack: false }));
    expect(d.split).toBe(true);
    expect(d.startMs).toBe(T0_MS);
    expect(d.explanation.split?.why).toEqual({ kind: "finishes-sooner", wholeStartMs: T0_MS + 5 * H, wholeEndMs: T0_MS + 15 * H });
    expect(formatExplanation(d.explanation)).toMatch(/whole, it would start at 2023-01-01 05:00 UTC/);
  });

  it("waits for the whole cluster when the split's slowdown would end it later", () => {
    // The split adds 0.78 % of 10 h (about 4.7 min); a hub free in 2 minutes finishes first.
    const d = decide(busyHub(2 / 60), gang({ gangSameRack: false }));
    expect(d.split).toBe(false);
    expect(d.parts.map((p) => p.clusterId)).toEqual(["hub"]);
  });

  it("does not split a gang a single cluster can start now", () => {
    const d = decide(pair([link()]), gang({ gangSize: 2 }));
    expect(d.split).toBe(false);
    expect(d.explanation.links).toEqual([]);
  });

  it("checks the tenant's GPU-hours for the whole job before splitting", () => {
    const snap = {
      ...pair([link()]),
      tenants: [
        {
          tenant: "acme",
          maxGpus: 64,
          gpusInUse: 0,
          carbonBudgetKgPerMonth: null,
          carbonUsedKgThisMonth: 0,
          maxGpuHoursPerMonth: 200,
          gpuHoursUsedThisMonth: 0,
        },
      ],
    };
    // 24 GPUs x 10 h = 240 GPU-hours > 200: each part alone (160 or 80) would pass.
    expect(decide(snap, gang()).split).toBe(false);
    expect(decide({ ...snap, tenants: [{ ...snap.tenants[0]!, maxGpuHoursPerMonth: 300 }] }, gang()).split).toBe(true);
  });
});
