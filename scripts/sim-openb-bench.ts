/**
 * Simulator benchmark on the shipped openb trace: the default pod list (8,152 jobs, 149 days) on the
 * openb node list split round-robin into 6 clusters in 6 grid zones with 2023 Electricity Maps data.
 * Prints per-policy metrics, wall time and events/s. Usage:
 *   flock /tmp/verdant-heavy.lock npx tsx scripts/sim-openb-bench.ts [--policies a,b] [--flex 0.5] [--days 150] [--scale 1]
 * (--scale compresses arrival times by that factor; --node-share keeps that share of the nodes: both load the fleet more).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parseOpenbNodes, parseOpenbPods } from "@/server/data/openb-csv";
import { parseElectricityMapsCsv } from "@/server/data/electricitymaps-csv";
import { createCluster, createRng, simulate, SIM_POLICY_PRESETS, type SimInput, type SimJob, type SimZoneSeries } from "@/server/engine";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const H = 3_600_000;
const START = Date.UTC(2023, 0, 1);
const days = Number(arg("days", "150"));
const flex = Number(arg("flex", "0.5"));
const scale = Number(arg("scale", "1"));
const nodeShare = Number(arg("node-share", "1"));
const zones = arg("zones", "DE-LU,GB,US-CAL-CISO,CA-ON,US-MIDA-PJM,JP-TK").split(",");
const wanted = arg("policies", SIM_POLICY_PRESETS.map((p) => p.name).join(",")).split(",");

const nodes = parseOpenbNodes(readFileSync("data/demo/openb_node_list_all_node.csv", "utf8"), "openb_node_list_all_node.csv");
const pods = parseOpenbPods(readFileSync("data/demo/openb_pod_list_default.csv", "utf8"), "openb_pod_list_default.csv");
const zoneSeries: SimZoneSeries[] = zones.map((zone) => {
  const file = `/work/shared/data/carbon/electricitymaps_raw/${zone}_2023_hourly.csv.gz`;
  const parsed = parseElectricityMapsCsv(gunzipSync(readFileSync(file)).toString("utf8"), { file, column: "lca" });
  const first = parsed.samples[0]?.at.getTime() ?? START;
  const values: number[] = [];
  for (const s of parsed.samples) values[Math.round((s.at.getTime() - first) / H)] = s.gCo2ePerKwh;
  for (let i = 0; i < values.length; i++) values[i] ??= values[i - 1] ?? 0;
  return { zone, startMs: first, gCo2ePerKwh: values, provider: "electricitymaps", emissionFactorType: "lifecycle" };
});
const clusters = zones.map((zone, k) => ({
  id: `c-${zone.toLowerCase()}`,
  name: zone,
  region: zone,
  zone,
  tier: "hub" as const,
  pue: [1.1, 1.2, 1.3, 1.15, 1.25, 1.4][k] ?? 1.2,
  state: createCluster(
    nodes
      .filter((_, i) => i % zones.length === k && (i * 0.618034) % 1 < nodeShare)
      .map((n) => ({ name: n.name, cpuMilli: n.cpuMilli, memoryMib: n.memoryMib, gpuCount: n.gpuCount, gpuModel: n.gpuModel })),
  ),
}));
const rng = createRng(42);
const known = pods.map((p) => (p.deletionTimeS != null && p.scheduledTimeS != null ? p.deletionTimeS - p.scheduledTimeS : 0)).filter((d) => d > 0);
const jobs: SimJob[] = pods.map((p, i) => {
  const d =
    p.deletionTimeS != null && p.scheduledTimeS != null && p.deletionTimeS > p.scheduledTimeS
      ? p.deletionTimeS - p.scheduledTimeS
      : (known[rng.nextInt(known.length)] as number);
  const arrivalMs = START + Math.round((p.creationTimeS * 1000) / scale);
  const flexible = rng.next() < flex;
  return {
    id: p.name,
    tenant: `tenant-${i % 4}`,
    jobClass: p.gpuCount === 0 ? "cpu" : p.gpuMilli < 1000 ? "share" : p.gpuCount === 1 ? "1-gpu" : "multi-gpu",
    priority: p.qos === "LS" ? 1 : 0,
    arrivalMs,
    durationS: d,
    userEstimateS: null,
    cpuMilli: p.cpuMilli,
    memoryMib: p.memoryMib,
    gpuCount: p.gpuCount,
    gpuMilliPerGpu: p.gpuMilli,
    allowedGpuModels: p.gpuSpec,
    gangSize: 1,
    gpuUtilization: 0.8,
    deadlineMs: flexible ? arrivalMs + d * 1000 + 24 * H : null,
    allowedRegions: [],
  };
});
const gpuModels = [
  ["G1", 300, 50],
  ["G2", 300, 50],
  ["G3", 400, 60],
  ["T4", 70, 10],
  ["A10", 150, 30],
  ["P100", 250, 25],
  ["V100M16", 300, 30],
  ["V100M32", 300, 30],
].map(([id, max, idle]) => ({ id: id as string, memoryGib: 32, computeUnits: 1, idleWatts: idle as number, maxWatts: max as number }));
const input: SimInput = {
  name: "openb-default-6-zones",
  seed: 42,
  startMs: START,
  endMs: START + days * 24 * H,
  clusters,
  zones: zoneSeries,
  gpuModels,
  tenants: [],
  jobs,
  capacityEvents: [],
  policies: SIM_POLICY_PRESETS.filter((p) => wanted.includes(p.name)),
  baseline: wanted.includes("baseline") ? "baseline" : (wanted[0] as string),
  forecast: { method: "noisy-truth", noiseSigma: 0.1, horizonHours: 48 },
  sampleEveryS: 3600,
};
const result = simulate(input, { now: () => performance.now(), onProgress: (p, note) => process.stderr.write(`\r${(p * 100).toFixed(0)}% ${note}      `) });
process.stderr.write("\n");
const f = (v: number, d = 1) => v.toFixed(d);
console.log(
  "policy | GAR % | SOR % | GFR % | frag % | wait mean s | p50/p90/p99 s | JTTED | done/skip/miss/unfin | energy MWh | CO2e t | jobs CO2e t | saved % (jobs %) | GAR Δ pt | wait Δ s | decisions | events | wall s",
);
for (const [name, m] of Object.entries(result.policies)) {
  console.log(
    [
      name,
      f(100 * m.gar, 2),
      f(100 * m.sor, 2),
      f(100 * m.gfr),
      f(100 * m.fragmentationRate),
      f(m.meanWaitS, 0),
      `${f(m.jwtdP50S, 0)}/${f(m.jwtdP90S, 0)}/${f(m.jwtdP99S, 0)}`,
      f(m.jttedMedianRelErr, 2),
      `${m.jobsCompleted}/${m.jobsSkipped}/${m.deadlineMisses}/${m.jobsUnfinished}`,
      f(m.energyKwh / 1000),
      f(m.emissionsKg / 1000, 2),
      f(m.jobEmissionsKg / 1000, 2),
      `${f(m.emissionsSavedPctVsBaseline)} (${f(m.jobEmissionsSavedPctVsBaseline ?? 0)})`,
      f(m.garDeltaPointsVsBaseline, 2),
      f(m.meanWaitDeltaSVsBaseline, 0),
      m.decisions,
      m.events,
      f(m.wallMs / 1000, 2),
    ].join(" | "),
  );
}
console.log(`events/s ${f(result.eventsPerSec, 0)}, total wall ${f(result.wallMs / 1000, 1)} s`);
