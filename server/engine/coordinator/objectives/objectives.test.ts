import { describe, expect, it } from "vitest";
import { DEFAULT_COORDINATOR_POLICY } from "../policy";
import { scoreCandidates } from "../scoring";
import { cluster, job, nodes, T0_MS, ZONES } from "../test-fixtures";
import type { FleetCluster } from "../types";
import { carbonObjective } from "./carbon";
import { fragmentationObjective } from "./fragmentation";
import { kindObjective } from "./kind";
import { loadObjective } from "./load";
import { localityObjective } from "./locality";
import { OBJECTIVE_INFO, OBJECTIVE_PLUGINS } from "./registry";
import type { CandidatePart, ObjectivePlugin } from "./types";
import { waitingObjective } from "./waiting";

const hub = cluster("hub", { region: "eu", zone: "NO", specs: nodes("h", 1, "A100"), series: ZONES.hydro() });
const edge: FleetCluster = { ...hub, id: "edge", region: "us", tier: "edge" };
const part = (c: FleetCluster, o: { g?: number; frag?: number; startH?: number; load?: number }): CandidatePart => ({
  cluster: c,
  option: {
    emissions: { value: o.g ?? 0 },
    fragmentationDeltaMilli: o.frag ?? 0,
    startMs: T0_MS + (o.startH ?? 0) * 3_600_000,
    gpuAllocationAfterPct: o.load ?? 0,
  },
});
const ctx = (dataRegion: string | null = null) => ({ job: job({ dataRegion }), nowMs: T0_MS, constraints: DEFAULT_COORDINATOR_POLICY.constraints });

const cases: { plugin: ObjectivePlugin; name: string; parts: CandidatePart[]; dataRegion?: string; raw: number }[] = [
  { plugin: carbonObjective, name: "one cluster", parts: [part(hub, { g: 120 })], raw: 120 },
  { plugin: carbonObjective, name: "split: parts add up", parts: [part(hub, { g: 120 }), part(edge, { g: 30 })], raw: 150 },
  { plugin: fragmentationObjective, name: "split: parts add up", parts: [part(hub, { frag: 40 }), part(edge, { frag: -10 })], raw: 30 },
  { plugin: waitingObjective, name: "starts now", parts: [part(hub, {})], raw: 0 },
  { plugin: waitingObjective, name: "split waits for the later part", parts: [part(hub, { startH: 1 }), part(edge, { startH: 3 })], raw: 3 * 3600 },
  { plugin: localityObjective, name: "hub tier preference", parts: [part(hub, {})], raw: 100 },
  { plugin: localityObjective, name: "edge tier preference", parts: [part(edge, {})], raw: 30 },
  { plugin: localityObjective, name: "inside the data region", parts: [part(edge, {})], dataRegion: "us", raw: 100 },
  { plugin: localityObjective, name: "outside the data region: half the tier", parts: [part(hub, {})], dataRegion: "us", raw: 50 },
  { plugin: localityObjective, name: "split: the worst part", parts: [part(hub, {}), part(edge, {})], raw: 30 },
  { plugin: loadObjective, name: "split: the busier part", parts: [part(hub, { load: 40 }), part(edge, { load: 75 })], raw: 75 },
  { plugin: kindObjective, name: "training on a hub", parts: [part(hub, {})], raw: 100 },
];

const regional: FleetCluster = { ...hub, id: "regional", tier: "regional" };
const kindCases: { kind: "training" | "inference" | "batch"; parts: FleetCluster[]; raw: number }[] = [
  { kind: "training", parts: [hub], raw: 100 },
  { kind: "training", parts: [regional], raw: 50 },
  { kind: "training", parts: [edge], raw: 0 },
  { kind: "inference", parts: [hub], raw: 20 },
  { kind: "inference", parts: [regional], raw: 100 },
  { kind: "inference", parts: [edge], raw: 100 },
  { kind: "batch", parts: [hub], raw: 50 },
  { kind: "batch", parts: [edge], raw: 50 },
  { kind: "training", parts: [hub, regional], raw: 50 },
  { kind: "inference", parts: [regional, edge], raw: 100 },
];

describe("kind objective: job kind against cluster tier", () => {
  it.each(kindCases)("$kind on $parts.length part(s) → $raw", ({ kind, parts, raw }) => {
    const c = { job: job({ kind }), nowMs: T0_MS, constraints: DEFAULT_COORDINATOR_POLICY.constraints };
    expect(
      kindObjective.raw(
        parts.map((p) => part(p, {})),
        c,
      ),
    ).toBe(raw);
  });

  it("moves a training job to the hub and an inference job off it when only the kind weight differs", () => {
    const raws = (kind: "training" | "inference") =>
      [hub, edge].map((c) => ({
        kind: kindObjective.raw([part(c, {})], { job: job({ kind }), nowMs: T0_MS, constraints: DEFAULT_COORDINATOR_POLICY.constraints }),
      }));
    const best = (kind: "training" | "inference") => {
      const { totals } = scoreCandidates(raws(kind), { kind: 1 }, [kindObjective]);
      return (totals[0] ?? 0) > (totals[1] ?? 0) ? "hub" : "edge";
    };
    expect(best("training")).toBe("hub");
    expect(best("inference")).toBe("edge");
  });
});

describe("objective plugins", () => {
  it.each(cases)("$plugin.name: $name", ({ plugin, parts, dataRegion, raw }) => {
    expect(plugin.raw(parts, ctx(dataRegion ?? null))).toBe(raw);
  });

  it("every registered objective has a case; metadata mirrors the plugins", () => {
    expect(new Set(cases.map((c) => c.plugin.name))).toEqual(new Set(OBJECTIVE_PLUGINS.map((p) => p.name)));
    expect(OBJECTIVE_INFO.map((o) => o.name)).toEqual(["carbon", "fragmentation", "waiting", "locality", "load", "kind"]);
    for (const o of OBJECTIVE_INFO) expect(o.label.length).toBeGreaterThan(0);
  });

  it("normalizes by direction: min-max lower-better gives the lowest 100, absolute keeps the score, equal values give 100", () => {
    const raws = [
      { carbon: 100, fragmentation: 5, waiting: 0, locality: 30, load: 10, kind: 0 },
      { carbon: 300, fragmentation: 5, waiting: 3600, locality: 100, load: 90, kind: 100 },
    ];
    const { scores, totals } = scoreCandidates(raws, { carbon: 1, fragmentation: 1, waiting: 0, locality: 1, load: 0, kind: 0 });
    const byName = (i: number) => Object.fromEntries((scores[i] ?? []).map((s) => [s.objective, s.normalized]));
    expect(byName(0)).toEqual({ carbon: 100, fragmentation: 100, waiting: 100, locality: 30, load: 100, kind: 0 });
    expect(byName(1)).toEqual({ carbon: 0, fragmentation: 100, waiting: 0, locality: 100, load: 0, kind: 100 });
    expect(totals).toEqual([230, 200]);
  });

  it("a higher-better min-max objective gives the highest value 100", () => {
    const up: ObjectivePlugin = { name: "up", label: "Up", unit: "x", direction: "higher-better", normalization: "minmax", raw: () => 0 };
    const { scores } = scoreCandidates([{ up: 1 }, { up: 3 }], { up: 1 }, [up]);
    expect(scores.map((s) => s[0]?.normalized)).toEqual([0, 100]);
  });
});
