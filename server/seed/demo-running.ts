/**
 * The busy demo's running state at "now": jobs the real coordinator placed over the recent past on an
 * in-memory copy of the fleet and that are still running. Scenario jobs come first (best-effort jobs
 * holding every H800, production jobs holding one A100 node per cluster, so the queue's production
 * job must preempt and its A100 gang must wait with a reservation), then trace pods fill the openb
 * models until the target allocation. Pods are drawn in proportion to their duration (as a snapshot
 * of a busy fleet finds them), each in the first half of its run. The simulated clusters run at
 * `simSpeed` times the wall clock, so a job started `e` simulated seconds ago started e / simSpeed
 * wall seconds ago; the runner re-attaches it with that progress. Deterministic for a given clock.
 */
import { DEMO_MAX_RUN_S, demoClassPriority, drawDemoClass } from "../data/demo-workload-mix";
import type { OpenbPod } from "../data/openb-csv";
import { buildTargetWorkload, createCoordinator, createRng, mixSeed, type CoordinatorDecision, type Rng } from "../engine";
import { toFleetJob } from "../services/fleet-snapshot";
import { busyTenantQuotas } from "./demo-catalog";
import type { HistoryInput, HistoryJob } from "./demo-history";
import { HistoryFleet } from "./demo-history-fleet";
import { historyIntensity } from "./demo-history-intensity";
import { decisionRows } from "./demo-history-rows";
import { demoJobFromPod } from "./demo-jobs";
import { demoLinkRows } from "./seed-links";
import { createInputEncodingCache, DECISION_INPUT_FORMAT, encodeDecisionInput, type InputPart } from "../services/decision-input-codec";
import { engineBuild } from "../services/engine-build";

/** Models the scenarios hold; trace pods of the running state stay on the other models. */
export const SCENARIO_MODELS = { preempt: "H800", gang: "A100-SXM4-80GB" } as const;

/** What the running state is built from. */
export interface RunningStateInput {
  history: HistoryInput;
  seed: number;
  /** Allocated over total GPU milli to reach with trace pods (0..1). */
  targetRatio: number;
  /** Simulated seconds per wall second of the simulated clusters (VERDANT_SIM_SPEED's default). */
  simSpeed: number;
}

/** A job row of the running state and its placement's rows. */
export interface RunningState {
  jobs: Record<string, unknown>[];
  decisions: Record<string, unknown>[];
  shares: { id: string; gpuId: string; jobId: string; milli: number }[];
  /** Milli-GPU held per GPU id, and CPU and memory held per node id. */
  gpuMilli: Map<string, number>;
  nodeHeld: Map<string, { cpuMilli: number; memoryMib: number }>;
  allocatedMilli: number;
  capacityMilli: number;
  /** Engine time for all decisions (ms) and how many pods were tried. */
  tried: number;
  /** The engine inputs of the stored placing decisions (content-addressed parts), so `replay` checks them too. */
  inputs: InputPart[];
}

interface Candidate {
  job: HistoryJob;
  classId: string;
  elapsedS: number;
  checkpointIntervalS: number | null;
  /** Gang and placement options beyond a single member anywhere (the split scenario). */
  gang?: { gangSize: number; gangSameRack: boolean; allowedRegions: string[]; allowSplit: boolean };
}

/** The running split job: a gang that no rack of the compact fleet holds, split over the Toronto-Ottawa link. */
export const RUNNING_SPLIT_JOB_ID = "job-run-split";

/** Longest run of the busy demo's jobs (see server/data/demo-workload-mix.ts). */
export const MAX_RUN_S = DEMO_MAX_RUN_S;

/** The class id drawn by share. */
export const drawClass = drawDemoClass;

/** A tenant drawn by the running shares (Cirrus above its nominal share, Borealis below). */
function drawTenant(rng: Rng, tenants: HistoryInput["tenants"]): HistoryInput["tenants"][number] {
  let x = rng.next();
  for (const t of tenants) {
    const share = busyTenantQuotas[t.id.replace("tenant-", "")]?.runningShare ?? 1 / tenants.length;
    if (x < share) return t;
    x -= share;
  }
  return tenants[0]!;
}

const priorityOf = demoClassPriority;

/** A scenario job: a whole node of `model` for `durationS`, `elapsedS` into its run. */
function scenarioJob(
  id: string,
  name: string,
  model: string,
  tenant: HistoryInput["tenants"][number],
  classId: string,
  durationS: number,
  elapsedS: number,
  now: Date,
): Candidate {
  const submittedAt = new Date(now.getTime() - 60_000);
  return {
    classId,
    elapsedS,
    checkpointIntervalS: 3600,
    job: {
      id,
      name,
      kind: "TRAINING",
      cpuMilli: 32_000,
      memoryMib: 131_072,
      gpuCount: 8,
      gpuMilli: 1000,
      allowedGpuModels: [model],
      estimatedDurationS: durationS,
      priority: priorityOf(classId),
      submittedAt,
      earliestStartAt: null,
      deadlineAt: null,
      idempotencyKey: `running-${id}`,
      tenantIndex: 0,
      tenantId: tenant.id,
      submittedById: tenant.userId,
    },
  };
}

/** Nodes of `model` in the fleet, per cluster. */
function nodesOfModel(input: HistoryInput, model: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of input.nodes) if (n.gpuModelId === model) out.set(n.clusterId, (out.get(n.clusterId) ?? 0) + 1);
  return out;
}

/** The scenario jobs (see the file header). */
function scenarioCandidates(input: HistoryInput, now: Date): Candidate[] {
  const [aurora, , cirrus] = input.tenants;
  const out: Candidate[] = [];
  let k = 0;
  for (const [clusterId, count] of nodesOfModel(input, SCENARIO_MODELS.preempt)) {
    for (let i = 0; i < count; i++, k++) {
      // 20 simulated hours, 4 done: 16 wall minutes left at 60x.
      out.push(
        scenarioJob(
          `job-run-h800-${k}`,
          `sweep-h800-${clusterId.replace("cluster-", "")}-${i}`,
          SCENARIO_MODELS.preempt,
          aurora!,
          "pc-best-effort",
          MAX_RUN_S,
          4 * 3600,
          now,
        ),
      );
    }
  }
  k = 0;
  for (const clusterId of nodesOfModel(input, SCENARIO_MODELS.gang).keys()) {
    // 20 simulated hours, 12 done: eight wall minutes left at 60x.
    out.push(
      scenarioJob(
        `job-run-a100-${k++}`,
        `serve-a100-${clusterId.replace("cluster-", "")}`,
        SCENARIO_MODELS.gang,
        cirrus!,
        "pc-production",
        MAX_RUN_S,
        12 * 3600,
        now,
      ),
    );
  }
  return out;
}

/**
 * The split scenario: ten whole 8-GPU nodes in one rack, in na-east, allowed to split. No rack of the
 * compact fleet has ten such nodes (Toronto's largest has nine, Ottawa's six), so the coordinator
 * splits it over the Toronto-Ottawa link. It started first (12 simulated hours, 10 done), on a fleet
 * with room, and ends two wall minutes after now at 60x, so its ledger entry is split per cluster.
 */
function splitCandidate(input: HistoryInput, now: Date): Candidate {
  const [aurora] = input.tenants;
  const c = scenarioJob(RUNNING_SPLIT_JOB_ID, "pretrain-split-80gpu", "", aurora!, "pc-standard", 12 * 3600, 10 * 3600, now);
  return {
    ...c,
    job: { ...c.job, cpuMilli: 16_000, memoryMib: 65_536, allowedGpuModels: [], idempotencyKey: "running-split" },
    gang: { gangSize: 10, gangSameRack: true, allowedRegions: ["na-east"], allowSplit: true },
  };
}

/** Trace pods drawn in proportion to duration, each in the first half of its run. */
function traceCandidates(input: HistoryInput, rng: Rng, count: number, now: Date): Candidate[] {
  const pods = input.pods.filter((p) => p.gpuCount > 0);
  const jobs = pods.map((p) => {
    const j = demoJobFromPod(p, now, 0);
    return { ...j, estimatedDurationS: Math.min(MAX_RUN_S, j.estimatedDurationS) };
  });
  const cumulative: number[] = [];
  let total = 0;
  for (const j of jobs) cumulative.push((total += j.estimatedDurationS));
  const openbModels = [...new Set(input.nodes.map((n) => n.gpuModelId).filter((m): m is string => !!m))].filter(
    (m) => m !== SCENARIO_MODELS.preempt && m !== SCENARIO_MODELS.gang,
  );
  const out: Candidate[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.next() * total;
    let lo = 0;
    for (let hi = cumulative.length - 1; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    const base = jobs[lo]!;
    const pod = pods[lo] as OpenbPod;
    const tenant = drawTenant(rng, input.tenants);
    const classId = drawClass(rng);
    // In the first half of its run, so the state lasts while the arrivals take over.
    const elapsedS = Math.floor(rng.next() * base.estimatedDurationS * 0.5);
    const id = `job-run-${String(i).padStart(4, "0")}`;
    out.push({
      classId,
      elapsedS,
      checkpointIntervalS: base.kind === "TRAINING" ? (rng.next() < 0.5 ? 1800 : 3600) : null,
      job: {
        ...base,
        id,
        name: `run-${pod.name.replace("openb-pod-", "")}-${i}`,
        allowedGpuModels: base.allowedGpuModels.length ? base.allowedGpuModels : openbModels,
        priority: priorityOf(classId),
        idempotencyKey: `running-${i}`,
        tenantId: tenant.id,
        submittedById: tenant.userId,
      },
    });
  }
  return out;
}

/** Start of a candidate's run in wall-clock ms. */
function startOf(c: Candidate, nowMs: number, simSpeed: number): number {
  return nowMs - Math.round((c.elapsedS * 1000) / simSpeed);
}

/**
 * Builds the running state (see the file header). Two passes: the first draws jobs in random order
 * until the target allocation to choose which run; the second places the chosen ones in the order
 * they started, each on the fleet as the jobs started before it left it. A single random-order pass
 * placed a job that started hours ago as if the fleet were already full, so many went to dirty
 * clusters that no time-ordered scheduler (the live coordinator, the ledger's shadow replay) would
 * have offered; the replay then started from a different state than the seed. Chosen jobs that no
 * longer fit in time order (fragmentation) are dropped and the allocation topped up with further
 * draws, placed last.
 */
export function buildRunningState(input: RunningStateInput): RunningState {
  const h = input.history;
  const nowMs = h.now.getTime();
  const rng = createRng(input.seed);
  const capacityMilli = h.nodes.reduce((s, n) => s + n.gpuCount * 1000, 0);
  const candidates = [splitCandidate(h, h.now), ...scenarioCandidates(h, h.now), ...traceCandidates(h, rng, 4000, h.now)];
  const chosen = new Set(placeCandidates(input, candidates, () => false, capacityMilli, false).jobs.map((j) => j.id as string));
  const inStartOrder = candidates
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => chosen.has(c.job.id))
    .sort((a, b) => startOf(a.c, nowMs, input.simSpeed) - startOf(b.c, nowMs, input.simSpeed) || a.i - b.i)
    .map(({ c }) => c);
  const rest = candidates.filter((c) => !chosen.has(c.job.id));
  return placeCandidates(input, [...inStartOrder, ...rest], (c) => chosen.has(c.job.id), capacityMilli, true);
}

/** Places candidates in the given order until trace pods reach the target (`always` ones regardless). */
function placeCandidates(
  input: RunningStateInput,
  candidates: Candidate[],
  always: (c: Candidate) => boolean,
  capacityMilli: number,
  keepInputs: boolean,
): RunningState {
  const h = input.history;
  const nowMs = h.now.getTime();
  const fleet = new HistoryFleet(h, historyIntensity(h.samples, h.zones, createRng(input.seed + 1)));
  const nominal = nominalQuotas(h);
  const usage = new Map<string, number>();
  const out: RunningState = {
    jobs: [],
    decisions: [],
    shares: [],
    gpuMilli: new Map(),
    nodeHeld: new Map(),
    allocatedMilli: 0,
    capacityMilli,
    tried: 0,
    inputs: [],
  };
  const inputParts = new Map<string, InputPart>();
  const cache = createInputEncodingCache();
  // The live worker's target workload is the recent jobs' shapes; here the trace's GPU pods.
  const workload = buildTargetWorkload(
    h.pods.filter((p) => p.gpuCount > 0).map((p) => ({ cpuMilli: p.cpuMilli, gpuCount: p.gpuCount, gpuMilliPerGpu: p.gpuMilli, allowedGpuModels: p.gpuSpec })),
  );
  const policy = { name: h.policy.name, version: h.policy.version, objectiveWeights: h.policy.objectiveWeights, constraints: h.policy.constraints };
  const coordinator = createCoordinator({ policy, workload });
  // The demo's links, so a gang no cluster holds can split as the live coordinator would split it.
  const links = demoLinkRows().map((l) => ({
    a: l.clusterAId,
    b: l.clusterBId,
    distanceKm: l.distanceKm,
    bandwidthGbps: l.bandwidthGbps,
    latencyMs: l.latencyMs,
  }));
  for (const c of candidates) {
    const isTrace = !c.job.id.includes("-h800-") && !c.job.id.includes("-a100-") && c.job.id !== RUNNING_SPLIT_JOB_ID;
    if (isTrace && !always(c) && out.allocatedMilli >= input.targetRatio * capacityMilli) break;
    out.tried++;
    const startMs = startOf(c, nowMs, input.simSpeed);
    const job = { ...c.job, submittedAt: new Date(startMs - 30_000) };
    const gang = c.gang ?? { gangSize: 1, gangSameRack: false, allowedRegions: [], allowSplit: false };
    const fleetJob = toFleetJob({ ...job, computeUnits: null, minGpuMemoryGib: null, ...gang });
    const snapshot = { ...fleet.snapshotAt(startMs), links };
    const seed = mixSeed(input.seed, out.tried);
    const decision = coordinator.decide(snapshot, fleetJob, { seed });
    if (decision.outcome !== "placed") continue;
    // Only the placements kept are stored, so only their inputs are encoded (the first pass keeps none).
    let inputHash: string | null = null;
    if (keepInputs) {
      const encoded = encodeDecisionInput(
        { v: DECISION_INPUT_FORMAT, coordinator: { policy: coordinator.policy, workload }, snapshot, job: fleetJob, seed, engineBuild: engineBuild() },
        cache,
      );
      for (const part of encoded.parts) inputParts.set(part.hash, part);
      inputHash = encoded.root;
    }
    fleet.place(job.id, job.tenantId, decision.parts, startMs + job.estimatedDurationS * 1000, startMs, decision.gCo2e ?? 0);
    const model = fleet.modelOf(decision.parts[0]!.clusterId, decision.parts[0]!.assignments[0]!.nodeIndex)?.id ?? "";
    const gpus = (job.gpuCount * job.gpuMilli) / 1000;
    const key = `${job.tenantId}|${model}`;
    const used = (usage.get(key) ?? 0) + gpus;
    usage.set(key, used);
    const borrowed = Math.max(0, Math.min(gpus, used - (nominal.get(key) ?? 0)));
    writeJob(out, fleet, job, c, decision, startMs, borrowed, h.policy.id, input.simSpeed, inputHash);
  }
  out.inputs = [...inputParts.values()];
  return out;
}

/** Each tenant's nominal GPUs per model (its nominal share of the model's GPUs in the fleet). */
export function nominalQuotas(h: HistoryInput): Map<string, number> {
  const perModel = new Map<string, number>();
  for (const n of h.nodes) if (n.gpuModelId) perModel.set(n.gpuModelId, (perModel.get(n.gpuModelId) ?? 0) + n.gpuCount);
  const out = new Map<string, number>();
  for (const t of h.tenants) {
    const share = busyTenantQuotas[t.id.replace("tenant-", "")]?.nominalShare ?? 0;
    for (const [model, gpus] of perModel) out.set(`${t.id}|${model}`, Math.floor(gpus * share));
  }
  return out;
}

/** Adds the job's rows and its hold on nodes and GPUs. */
function writeJob(
  out: RunningState,
  fleet: HistoryFleet,
  job: HistoryJob,
  c: Candidate,
  decision: CoordinatorDecision,
  startMs: number,
  borrowedGpus: number,
  policyId: string,
  simSpeed: number,
  inputHash: string | null,
): void {
  const { tenantIndex: _t, ...fields } = job;
  const startedAt = new Date(startMs);
  const checkpoints = c.checkpointIntervalS ? Math.floor(c.elapsedS / c.checkpointIntervalS) : 0;
  out.jobs.push({
    ...fields,
    allowedRegions: [],
    ...(c.gang ?? {}),
    status: "RUNNING",
    priorityClassId: c.classId,
    checkpointIntervalS: c.checkpointIntervalS,
    lastCheckpointAt: checkpoints > 0 ? new Date(startMs + Math.round((checkpoints * c.checkpointIntervalS! * 1000) / simSpeed)) : null,
    borrowedGpus,
    placedAt: startedAt,
    startedAt,
  });
  const rows = decisionRows(
    { job, parts: [...decision.parts], startMs, endMs: startMs, decisions: [{ outcome: "PLACED", decision, atMs: startMs, inputHash }], baseline: [] },
    fleet,
    policyId,
  );
  out.decisions.push(...rows.map((r) => ({ ...r, lastSeenAt: r.createdAt })));
  for (const part of decision.parts) {
    const cluster = fleet.cluster(part.clusterId);
    for (const a of part.assignments) {
      const nodeId = `node-${cluster.meta.name}-${cluster.state.nodes[a.nodeIndex]!.name}`;
      const held = out.nodeHeld.get(nodeId) ?? { cpuMilli: 0, memoryMib: 0 };
      held.cpuMilli += part.request.cpuMilli;
      held.memoryMib += part.request.memoryMib;
      out.nodeHeld.set(nodeId, held);
      for (const g of a.gpuIndices) {
        const gpuId = `${nodeId}-gpu${g}`;
        out.gpuMilli.set(gpuId, (out.gpuMilli.get(gpuId) ?? 0) + part.request.gpuMilliPerGpu);
        out.shares.push({ id: `share-${job.id}-${gpuId}`, gpuId, jobId: job.id, milli: part.request.gpuMilliPerGpu });
        out.allocatedMilli += part.request.gpuMilliPerGpu;
      }
    }
  }
}
