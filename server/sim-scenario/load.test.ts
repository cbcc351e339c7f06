/* eslint-disable @typescript-eslint/no-explicit-any -- the tests edit untyped scenario JSON freely */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScenario, loadScenarioFile, loadScenarioFileWithReport, loadScenarioWithReport, ScenarioError, type LoadScenarioOptions } from "./index";

const dir = fileURLToPath(new URL("../../tests/fixtures/sim/", import.meta.url));
const scenarioFile = `${dir}scenario.json`;
const base = (): Record<string, unknown> => JSON.parse(readFileSync(scenarioFile, "utf8"));
const opts: LoadScenarioOptions = { baseDir: dir };
const text = (name: string) => readFileSync(`${dir}${name}`, "utf8");

/** A copy of the fixture scenario changed by `edit`. */
function variant(edit: (s: any) => void): Record<string, unknown> {
  const s = base();
  edit(s);
  return s;
}

async function errorOf(json: unknown, options: LoadScenarioOptions = opts): Promise<ScenarioError> {
  try {
    await loadScenario(json, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return error as ScenarioError;
  }
  throw new Error("expected the scenario to be rejected");
}

describe("loadScenarioFile on the fixture", () => {
  it("builds clusters, zones, jobs, tenants, policies and capacity events", async () => {
    const { input, report } = await loadScenarioWithReport(base(), opts);
    expect(input.clusters.map((c) => [c.name, c.zone, c.tier, c.pue, c.state.nodes.length])).toEqual([
      ["lon", "GB", "hub", 1.2, 4],
      ["tor", "CA-ON", "regional", 1.1, 3],
    ]);
    // lon deals nodes 0,2,4,6 of the file; tor keeps GPU nodes only, then deals 1,3,5 of those.
    expect(input.clusters[0]!.state.nodes.map((n) => n.name)).toEqual(["node-cpu-0", "node-g2-0", "node-g2-2", "node-t4-1"]);
    expect(input.clusters[1]!.state.nodes.map((n) => n.name)).toEqual(["node-g2-1", "node-t4-0", "node-v100-0"]);
    expect(report.clusters.map((c) => c.gpus)).toEqual([18, 18]);
    expect(input.zones.map((z) => [z.zone, z.gCo2ePerKwh.length, z.emissionFactorType])).toEqual([
      ["GB", 72, "lifecycle"],
      ["CA-ON", 72, "lifecycle"],
    ]);
    expect(input.zones[0]!.gCo2ePerKwh.slice(0, 2)).toEqual([91.44, 94.66]);
    expect(input.zones[0]!.startMs).toBe(Date.UTC(2023, 0, 1));
    expect(input.endMs - input.startMs).toBe(2 * 86_400_000);
    expect(input.jobs).toHaveLength(40);
    expect(report.workload.durationsSampled).toBe(2);
    expect(input.tenants).toEqual([
      { tenant: "alpha", maxGpus: 16 },
      { tenant: "beta", maxGpus: 8 },
    ]);
    expect(input.jobs.filter((j) => j.tenant === "beta").every((j) => j.allowedRegions.join() === "eu")).toBe(true);
    expect(input.policies.map((p) => [p.name, p.label, p.policy.constraints.maxDeferralHours])).toEqual([
      ["agnostic", "agnostic", 0],
      ["green", "Carbon first", 12],
    ]);
    expect(input.capacityEvents).toEqual([
      { atMs: Date.UTC(2023, 0, 1, 10), clusterId: "lon", nodeName: "node-g2-0", up: false },
      { atMs: Date.UTC(2023, 0, 1, 20), clusterId: "lon", nodeName: "node-g2-0", up: true },
    ]);
    expect(input.gpuModels.find((m) => m.id === "T4")).toEqual({ id: "T4", memoryGib: 16, computeUnits: 0.21, idleWatts: 10, maxWatts: 70 });
  });

  it("maps trace times onto the period and derives deadlines from the true duration", async () => {
    const input = await loadScenarioFile(scenarioFile);
    const pods = text("pods.csv")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(","));
    const pod1 = pods.find((p) => p[0] === "pod-001")!;
    const job1 = input.jobs.find((j) => j.id === "pod-001")!;
    expect(job1.arrivalMs).toBe(input.startMs + Number(pod1[8]) * 1000);
    expect(job1.durationS).toBe(Number(pod1[9]) - Number(pod1[10]));
    expect(job1.jobClass).toBe("share");
    expect(job1.priority).toBe(pod1[6] === "LS" ? 5 : pod1[6] === "Burstable" ? 3 : 1);
    for (const j of input.jobs) {
      if (j.deadlineMs === null) continue;
      const slack = Math.min(12 * 3600, Math.max(2 * 3600, j.durationS));
      expect(j.deadlineMs).toBe(j.arrivalMs + Math.round((j.durationS + slack) * 1000));
    }
    expect(input.jobs.some((j) => j.deadlineMs === null) && input.jobs.some((j) => j.deadlineMs !== null)).toBe(true);
    for (let i = 1; i < input.jobs.length; i++) expect(input.jobs[i]!.arrivalMs).toBeGreaterThanOrEqual(input.jobs[i - 1]!.arrivalMs);
  });

  it("is deterministic for a seed and changes with it", async () => {
    const a = await loadScenario(base(), opts);
    const b = await loadScenario(base(), opts);
    expect(b).toEqual(a);
    const c = await loadScenario(
      variant((s) => (s.seed = 8)),
      opts,
    );
    expect(c.jobs.map((j) => j.tenant)).not.toEqual(a.jobs.map((j) => j.tenant));
  });

  it("reads gzip and plain carbon files alike, and the direct or lifecycle column", async () => {
    const plain = gzipSync(Buffer.from(text("gb-2023-first-72h.csv")));
    const files = { "gb.bin": plain };
    const fromGz = await loadScenario(
      variant((s) => (s.carbon.zones.GB = "gb.bin")),
      { ...opts, files },
    );
    const fromPlain = await loadScenario(base(), opts);
    expect(fromGz.zones[0]).toEqual(fromPlain.zones[0]);
    const direct = await loadScenario(
      variant((s) => (s.carbon.column = "direct")),
      opts,
    );
    expect(direct.zones[0]!.gCo2ePerKwh.slice(0, 2)).toEqual([62.55, 65.09]);
    expect(direct.zones[0]!.emissionFactorType).toBe("direct");
    const mixed = await loadScenario(
      variant((s) => (s.carbon.zones.GB = { files: ["gb-2023-first-72h.csv"], column: "direct" })),
      opts,
    );
    expect(mixed.zones.map((z) => z.emissionFactorType)).toEqual(["direct", "lifecycle"]);
  });

  it("joins consecutive files of one zone and needs no gap", async () => {
    const input = await loadScenario(
      variant((s) => {
        s.durationDays = 4;
        s.clusters = [s.clusters[1]];
        s.capacityEvents = [];
        s.workload.tenants[1].allowedRegions = ["na"];
        s.carbon.zones["CA-ON"] = ["ca-on-2023-first-72h.csv.gz", "ca-on-2023-day-4.csv"];
      }),
      opts,
    );
    expect(input.zones[0]!.gCo2ePerKwh).toHaveLength(96);
  });

  it("runs from in-memory files without touching disk", async () => {
    const files = {
      "nodes.csv": text("nodes.csv"),
      "pods.csv": text("pods.csv"),
      "gb-2023-first-72h.csv": text("gb-2023-first-72h.csv"),
      "ca-on-2023-first-72h.csv.gz": readFileSync(`${dir}ca-on-2023-first-72h.csv.gz`),
      "gpu.csv": readFileSync(`${dir}../../../data/demo/gpu_tdp_published.csv`, "utf8"),
    };
    const input = await loadScenario(
      variant((s) => (s.gpuCatalog = "gpu.csv")),
      { baseDir: "/nonexistent", files, allowedRoots: [] },
    );
    expect(input).toEqual(await loadScenario(base(), opts));
    const refused = await errorOf(
      variant((s) => {
        s.gpuCatalog = "gpu.csv";
        s.workload.pods = "../../../data/demo/openb_pod_list_default.csv";
      }),
      { baseDir: dir, files, allowedRoots: [] },
    );
    expect(refused.message).toMatch(/^workload\.pods: .*not among the uploaded files/);
  });

  it("applies window, time scale, in-flight pods, skip, sample and gpuOnly", async () => {
    const skip = await loadScenarioWithReport(
      variant((s) => (s.workload.duration = { whenMissing: "skip" })),
      opts,
    );
    expect(skip.report.workload.droppedNoDuration).toBe(2);
    expect(skip.input.jobs).toHaveLength(38);
    const gpu = await loadScenario(
      variant((s) => (s.workload.gpuOnly = true)),
      opts,
    );
    expect(gpu.jobs.every((j) => j.gpuCount > 0)).toBe(true);
    const scaled = await loadScenario(
      variant((s) => (s.workload.arrivalTimeScale = 0.5)),
      opts,
    );
    const full = await loadScenario(base(), opts);
    expect(scaled.jobs.find((j) => j.id === "pod-010")!.arrivalMs - scaled.startMs).toBe(
      Math.round((full.jobs.find((j) => j.id === "pod-010")!.arrivalMs - full.startMs) / 2),
    );
    // Offset 10 h: pods created before are dropped, or (at-start) joined at the start with their remaining run.
    const windowed = await loadScenarioWithReport(
      variant((s) => (s.workload.window = { offsetDays: 10 / 24, lengthDays: 0.5 })),
      opts,
    );
    expect(windowed.input.jobs.every((j) => j.arrivalMs >= windowed.input.startMs)).toBe(true);
    expect(windowed.report.workload.droppedOutsideWindow).toBeGreaterThan(20);
    const inFlight = await loadScenario(
      variant((s) => (s.workload.window = { offsetDays: 10 / 24, lengthDays: 0.5, inFlight: "at-start" })),
      opts,
    );
    expect(inFlight.jobs.length).toBeGreaterThan(windowed.input.jobs.length);
    const sampled = await loadScenario(
      variant((s) => (s.workload.sample = { count: 10 })),
      opts,
    );
    expect(sampled.jobs).toHaveLength(10);
    const noEstimates = await loadScenario(
      variant((s) => (s.workload.userEstimate = { share: 0 })),
      opts,
    );
    expect(noEstimates.jobs.every((j) => j.userEstimateS === null)).toBe(true);
    const dist = await loadScenario(
      variant((s) => (s.workload.duration = { source: "distribution", distribution: { kind: "lognormal", medianS: 600, sigma: 0 } })),
      opts,
    );
    expect(dist.jobs.every((j) => Math.abs(j.durationS - 600) < 1e-9)).toBe(true);
  });

  it("uses presets by name, with inline overrides", async () => {
    const real = await loadScenario(base(), opts);
    const catalog = { names: ["plain"], find: (n: string) => (n === "plain" ? { ...real.policies[0]!, name: "plain", label: "Plain" } : undefined) };
    const input = await loadScenario(
      variant((s) => {
        s.policies = ["plain", { name: "plain-defer", preset: "plain", policy: { constraints: { maxDeferralHours: 6 } } }];
        s.baseline = "plain";
      }),
      { ...opts, presets: catalog },
    );
    expect(input.policies.map((p) => [p.name, p.label, p.policy.constraints.maxDeferralHours, p.policy.objectiveWeights.fragmentation])).toEqual([
      ["plain", "Plain", 0, 1],
      ["plain-defer", "Plain", 6, 1],
    ]);
  });
});

describe("bad scenarios name the field, the file or the line", () => {
  const cases: [string, (s: any) => void, RegExp][] = [
    ["pue below 1", (s) => (s.clusters[1].pue = 0.9), /^clusters\[1\]\.pue: must be >= 1$/],
    ["misspelt field", (s) => (s.clusters[0].puee = 1.2), /^clusters\[0\]\.puee: unknown field/],
    ["not a date", (s) => (s.start = "2023-01-01"), /^start: must be an ISO 8601/],
    ["off the hour", (s) => (s.start = "2023-01-01T00:30:00Z"), /^start: must be on an hour boundary/],
    ["missing tenants", (s) => delete s.workload.tenants, /^workload\.tenants: is required$/],
    ["share above 1", (s) => (s.workload.flexibility.share = 1.5), /^workload\.flexibility\.share: must be <= 1$/],
    ["sample of zero", (s) => (s.clusters[0].sample = { count: 0 }), /^clusters\[0\]\.sample\.count: must be > 0$/],
    ["wrong type", (s) => (s.seed = "seven"), /^seed: must be a number, got string "seven"$/],
    ["bad enum", (s) => (s.clusters[0].tier = "core"), /^clusters\[0\]\.tier: must be one of "hub", "regional", "edge"$/],
    ["baseline not a policy", (s) => (s.baseline = "nope"), /^baseline: "nope" is not one of the policies \(agnostic, green\)$/],
    [
      "unknown preset",
      (s) => (s.policies[0] = "greenest"),
      /^policies\[0\]: unknown preset "greenest"; known presets: baseline, fgd, carbon-greedy, time-shift, verdant$/,
    ],
    ["policy without preset or body", (s) => (s.policies[1] = { name: "x" }), /^policies\[1\]: needs "preset"/],
    ["negative weight", (s) => (s.policies[1].policy.objectiveWeights.carbon = -1), /^policies\[1\]\.policy\.objectiveWeights\.carbon: must be >= 0/],
    [
      "unknown in-cluster policy",
      (s) => (s.policies[1].policy.inClusterPolicy = "magic"),
      /^policies\[1\]\.policy\.inClusterPolicy: unknown in-cluster policy "magic"$/,
    ],
    ["duplicate policy", (s) => (s.policies[1].name = "agnostic"), /^policies\[1\]: the name "agnostic" is used twice/],
    ["zone without carbon", (s) => (s.clusters[0].zone = "FR"), /^clusters\[0\]\.zone: "FR" has no carbon data/],
    ["duplicate cluster", (s) => (s.clusters[1].name = "lon"), /^clusters\[1\]\.name: the cluster name "lon" is used twice$/],
    [
      "unknown region",
      (s) => (s.workload.tenants[1].allowedRegions = ["mars"]),
      /^workload\.tenants\[1\]\.allowedRegions\[0\]: no cluster is in region "mars"/,
    ],
    ["event on unknown cluster", (s) => (s.capacityEvents[0].cluster = "x"), /^capacityEvents\[0\]\.cluster: no cluster is named "x"$/],
    ["event on unknown node", (s) => (s.capacityEvents[0].node = "node-cpu-1"), /^capacityEvents\[0\]\.node: cluster "lon" has no node "node-cpu-1"/],
    ["event after the end", (s) => (s.capacityEvents[0].atHours = 48), /^capacityEvents\[0\]\.atHours: must be < 48/],
    ["sample too large", (s) => (s.clusters[0].sample = { count: 9 }), /^clusters\[0\]\.sample\.count: asks for 9 nodes but only 4 remain/],
    ["nothing left", (s) => (s.clusters[0].filter = { gpuModels: ["A100-SXM4-80GB"], gpuOnly: true }), /^clusters\[0\]: no node is left/],
    [
      "carbon too short",
      (s) => (s.durationDays = 4),
      /^carbon\.zones\.GB: no intensity for 2023-01-04T00:00:00Z; .*2023-01-01T00:00:00Z to 2023-01-03T23:00:00Z/,
    ],
    ["file of another zone", (s) => (s.carbon.zones.GB = "ca-on-2023-day-4.csv"), /^carbon\.zones\.GB: ca-on-2023-day-4\.csv:2: holds zone "CA-ON", not "GB"$/],
    [
      "overlapping files",
      (s) => (s.carbon.zones["CA-ON"] = ["ca-on-2023-first-72h.csv.gz", "ca-on-2023-first-72h.csv.gz"]),
      /^carbon\.zones\["CA-ON"\]\[1\]: ca-on-2023-first-72h\.csv\.gz:2: the hour 2023-01-01T00:00:00Z is also given at ca-on-2023-first-72h\.csv\.gz:2$/,
    ],
    ["no job in the period", (s) => (s.workload.window = { offsetDays: 100 }), /^workload: no pod of pods\.csv arrives/],
  ];
  for (const [name, edit, message] of cases) {
    it(name, async () => expect((await errorOf(variant(edit))).message).toMatch(message));
  }

  it("a missing file names the file as written", async () => {
    const error = await errorOf(variant((s) => (s.clusters[1].nodes = "missing-nodes.csv")));
    // The message names the file as the scenario wrote it, never the server's absolute path.
    expect(error.message).toBe("clusters[1].nodes: file not found: missing-nodes.csv (relative to the scenario's folder)");
    expect(error.file).toBe("missing-nodes.csv");
    await expect(loadScenarioFile(`${dir}no-such-scenario.json`)).rejects.toThrow(/scenario file not found: .*no-such-scenario\.json/);
  });

  it("a malformed node, pod or carbon CSV names the file and line", async () => {
    const nodes = text("nodes.csv").replace("node-g2-1,96000,786432,8,G2", "node-g2-1,96000,786432,eight,G2");
    const e1 = await errorOf(base(), { ...opts, files: { "nodes.csv": nodes } });
    expect(e1.message).toBe('clusters[0].nodes: nodes.csv:5 column "gpu": "eight" is not a whole number');
    expect([e1.file, e1.line]).toEqual(["nodes.csv", 5]);
    const pods = text("pods.csv").split("\n");
    pods[3] = pods[3]!.replace(/,1,1000,/, ",1,0,");
    const e2 = await errorOf(base(), { ...opts, files: { "pods.csv": pods.join("\n") } });
    expect(e2.message).toMatch(/^workload\.pods: pods\.csv:4 column "gpu_milli": /);
    const carbon = text("gb-2023-first-72h.csv").split("\n");
    carbon[16] = carbon[16]!.replace(",91.", ",abc.").replace(/,GB,([\d.]+),([\d.]+),/, ",GB,$1,n/a,");
    const e3 = await errorOf(base(), { ...opts, files: { "gb-2023-first-72h.csv": carbon.join("\n") } });
    expect(e3.message).toMatch(/^carbon\.zones\.GB: gb-2023-first-72h\.csv:17 column "Carbon Intensity gCO₂eq\/kWh \(LCA\)": "n\/a" is not a number$/);
    expect(e3.line).toBe(17);
  });

  it("a GPU model missing from the catalog is named, and gpuModels adds it", async () => {
    const nodes = `${text("nodes.csv").trim()}\nnode-x-0,64000,262144,4,X9\n`;
    const files = { "nodes.csv": nodes };
    const error = await errorOf(base(), { ...opts, files });
    expect(error.message).toMatch(/^clusters\[0\]\.nodes: nodes\.csv: node node-x-0 has GPU model "X9", which is not in the GPU catalog/);
    const input = await loadScenario(
      variant((s) => {
        s.gpuModels = [{ id: "X9", memoryGib: 48, computeUnits: 0.5, idleWatts: 20, maxWatts: 300 }];
      }),
      { ...opts, files },
    );
    expect(input.clusters[0]!.state.nodes.some((n) => n.gpuModel === "X9")).toBe(true);
  });

  it("invalid JSON names the line", async () => {
    const { parseScenarioJson } = await import("./load");
    expect(() => parseScenarioJson('{\n  "name": "x",\n  oops\n}', "s.json")).toThrow(/^s\.json:3: not valid JSON/);
  });
});

describe("the shipped examples", () => {
  it("every examples/scenario-*.json loads from files inside the repo, comparing presets against the baseline (all five in the carbon examples)", async () => {
    const { readdirSync } = await import("node:fs");
    const examples = fileURLToPath(new URL("../../examples/", import.meta.url));
    const files = readdirSync(examples)
      .filter((f) => /^scenario-.*\.json$/.test(f))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      const { input, report } = await loadScenarioFileWithReport(`${examples}${f}`, { allowedRoots: [fileURLToPath(new URL("../../", import.meta.url))] });
      const names = input.policies.map((p) => p.name);
      // The loaded-fleet example compares backfill and preemption modes of two presets (npm run sim:load).
      if (f === "scenario-loaded.json") expect(names).toEqual(["baseline", "verdant"]);
      else expect(names).toEqual(["baseline", "fgd", "carbon-greedy", "time-shift", "verdant"]);
      expect(report.workload.jobs).toBeGreaterThan(200);
    }
  }, 30_000);
});
