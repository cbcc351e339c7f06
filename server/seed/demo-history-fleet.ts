/**
 * The in-memory fleet the demo history is replayed on: cluster states with their running jobs, each
 * tenant's GPUs in use and grams per month (for quotas and carbon budgets), the snapshot the
 * coordinator decides on, and hourly cluster samples (power by the power model).
 */
import { clusterPowerModelWatts } from "../accounting/cluster-power";
import { allocate, createNode, release, type ClusterState, type DecisionPart, type FleetCluster, type FleetSnapshot, type RunningJob } from "../engine";
import type { HistoryIntensity } from "./demo-history-intensity";
import type { HistoryInput } from "./demo-history";

/** One cluster of the replay. */
export interface HistoryCluster {
  meta: HistoryInput["clusters"][number];
  state: ClusterState;
  running: RunningJob[];
  /** GPU model per node index (for power and accounting). */
  gpuModelOfNode: (string | null)[];
}

/** A row of the ClusterSample table. */
export interface ClusterSampleRow {
  clusterId: string;
  at: Date;
  gpuCapacityMilli: number;
  allocatedGpuMilli: number;
  powerWatts: number;
  runningJobs: number;
}

const monthOf = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
const gpusOfPart = (part: { request: DecisionPart["request"] }) => (part.request.gpuCount * part.request.gpuMilliPerGpu * (part.request.gangSize ?? 1)) / 1000;

/** The replay's fleet; see the file header. */
export class HistoryFleet {
  readonly clusters: HistoryCluster[];
  readonly samples: ClusterSampleRow[] = [];
  private readonly usage: Map<string, { gpus: number; gramsByMonth: Map<number, number> }>;
  private readonly tenantOfJob = new Map<string, string>();
  private readonly models: Map<string, HistoryInput["gpuModels"][number]>;

  constructor(
    private readonly input: HistoryInput,
    private readonly intensity: HistoryIntensity,
  ) {
    this.models = new Map(input.gpuModels.map((m) => [m.id, m]));
    this.usage = new Map(input.tenants.map((t) => [t.id, { gpus: 0, gramsByMonth: new Map<number, number>() }]));
    this.clusters = input.clusters.map((meta) => {
      const nodes = input.nodes.filter((n) => n.clusterId === meta.id);
      const state: ClusterState = {
        nodes: nodes.map((n) =>
          createNode({
            name: n.name,
            cpuMilli: n.cpuMilli,
            memoryMib: n.memoryMib,
            gpuCount: n.gpuCount,
            gpuModel: n.gpuModelId,
            rack: n.rackGroup,
            labels: n.labels,
          }),
        ),
      };
      return { meta, state, running: [], gpuModelOfNode: nodes.map((n) => n.gpuModelId) };
    });
  }

  /** The GPU model of a cluster's node, when it has one. */
  modelOf(clusterId: string, nodeIndex: number) {
    const c = this.cluster(clusterId);
    return this.models.get(c.gpuModelOfNode[nodeIndex] ?? "");
  }

  /** The cluster with this id. */
  cluster(clusterId: string): HistoryCluster {
    const c = this.clusters.find((x) => x.meta.id === clusterId);
    if (!c) throw new Error(`unknown cluster ${clusterId}`);
    return c;
  }

  /** What the coordinator sees at `atMs`: live states, running jobs, tenant usage, zone series. */
  snapshotAt(atMs: number): FleetSnapshot {
    const series = new Map(this.input.zones.map((z) => [z.id, this.intensity.seriesAt(z.id, atMs)]));
    const fleet: FleetCluster[] = this.clusters.map((c) => ({
      id: c.meta.id,
      name: c.meta.name,
      region: c.meta.region,
      zone: c.meta.zoneId,
      tier: c.meta.tier.toLowerCase() as FleetCluster["tier"],
      pue: c.meta.pue,
      status: "active",
      state: c.state,
      running: c.running,
      reservations: [],
      series: series.get(c.meta.zoneId)!,
    }));
    return {
      nowMs: atMs,
      clusters: fleet,
      links: [],
      gpuModels: this.input.gpuModels,
      tenants: this.input.tenants.map((t) => ({
        tenant: t.id,
        maxGpus: t.maxGpus,
        gpusInUse: this.usage.get(t.id)!.gpus,
        carbonBudgetKgPerMonth: t.carbonBudgetKgPerMonth,
        carbonUsedKgThisMonth: (this.usage.get(t.id)!.gramsByMonth.get(monthOf(atMs)) ?? 0) / 1000,
      })),
    };
  }

  /** Allocates the decision's parts until `endMs` and charges the tenant its GPUs and estimated grams. */
  place(jobId: string, tenantId: string, parts: readonly DecisionPart[], endMs: number, atMs: number, estimatedGrams: number): void {
    this.tenantOfJob.set(jobId, tenantId);
    const usage = this.usage.get(tenantId)!;
    for (const part of parts) {
      const c = this.cluster(part.clusterId);
      c.state = allocate(c.state, part.request, part.assignments);
      c.running = [...c.running, { jobId, job: part.request, assignments: part.assignments, endMs }];
      usage.gpus += gpusOfPart(part);
    }
    usage.gramsByMonth.set(monthOf(atMs), (usage.gramsByMonth.get(monthOf(atMs)) ?? 0) + estimatedGrams);
  }

  /** Frees every job that ended by `t`. */
  releaseUntil(t: number): void {
    for (const c of this.clusters) {
      const ended = c.running.filter((r) => r.endMs <= t);
      if (!ended.length) continue;
      for (const r of ended) {
        c.state = release(c.state, r.job, r.assignments);
        this.usage.get(this.tenantOfJob.get(r.jobId)!)!.gpus -= gpusOfPart({ request: r.job });
      }
      c.running = c.running.filter((r) => r.endMs > t);
    }
  }

  /** Records one sample per cluster at `atMs`. */
  sample(atMs: number): void {
    for (const c of this.clusters) {
      const gpus: { idleWatts: number; maxWatts: number; allocatedMilli: number }[] = [];
      let capacity = 0;
      let allocated = 0;
      c.state.nodes.forEach((n, i) => {
        const model = this.models.get(c.gpuModelOfNode[i] ?? "");
        for (const free of n.gpuMilliFree) {
          capacity += 1000;
          allocated += 1000 - free;
          if (model) gpus.push({ idleWatts: model.idleWatts, maxWatts: model.maxWatts, allocatedMilli: 1000 - free });
        }
      });
      this.samples.push({
        clusterId: c.meta.id,
        at: new Date(atMs),
        gpuCapacityMilli: capacity,
        allocatedGpuMilli: allocated,
        powerWatts: Math.round(clusterPowerModelWatts(gpus) * 10) / 10,
        runningJobs: c.running.length,
      });
    }
  }
}
