/**
 * One policy over one scenario: the discrete-event loop. Jobs arrive, wait in a priority queue
 * (priority desc, then arrival), and are decided by the production coordinator (createCoordinator)
 * on a FleetSnapshot built at decision time: live cluster states, running jobs ending at their
 * PREDICTED end, reservations, and the zone series the policy may know (measured past + forecast).
 *
 * Rules (documented choices):
 * - Dispatch runs when capacity may have freed (completion, node up/down, arrival) and decides at
 *   most {@link MAX_DECISIONS_PER_DISPATCH} jobs in queue order; once a shape could not start, the
 *   same shape is skipped for the rest of that dispatch (capacity only shrinks within it).
 * - EASY backfill: the first job of the queue that must wait for capacity keeps a reservation (its
 *   nodes from its predicted start), later jobs start now only if they do not delay it. Reservations
 *   of the head are recomputed at every dispatch.
 * - Temporal shifting: a job with a deadline it can still meet (now + predicted duration <= deadline)
 *   is flexible (its duration is predicted with the p90 of past durations, others with the median); if the coordinator defers it (carbon or capacity inside its window) it holds a
 *   reservation and is re-decided at the chosen start, then without carbon deferral (it starts
 *   as soon as capacity allows; the cluster may still change). A job past its reachable deadline runs as soon as it can.
 * - Jobs run for their TRUE duration; a deadline miss is a job with a deadline that finished after
 *   it or never finished (jobs are never killed for lateness).
 * - A job the coordinator cannot place even on the idle fleet is skipped.
 * - A node going down evicts its jobs, which are queued again (restart from scratch; JWTD keeps the
 *   first start, JCT ends at the final completion).
 * - Outcomes are exclusive: completed, skipped or unfinished (still queued when no event is left).
 */
import { createCoordinator, type Coordinator } from "../coordinator/coordinator";
import type { FleetCluster, FleetJob, FleetSnapshot, RunningJob, TenantUsage } from "../coordinator/types";
import { HOUR_MS } from "../carbon/series";
import { createDurationPredictor, type DurationFeatures } from "../estimate/duration-predictor";
import { mixSeed } from "../model/rng";
import type { TargetWorkload } from "../model/target-workload";
import { nodeFragmentation } from "../placement/fragmentation";
import type { NodeState } from "../model/node";
import { emptyTotals, EnergyMeter } from "./energy-meter";
import { SimCancelledError } from "./errors";
import { EventQueue } from "./event-queue";
import { MetricAccumulator } from "./sim-metrics";
import { SimClusterRun } from "./sim-cluster";
import type { SimHooks, SimInput, SimJob, SimPolicy, SimPolicyMetrics, SimTimeSeries } from "./types";
import { ForecastBook, ZoneTruth } from "./zone-signal";

/** Most coordinator decisions per dispatch (the head plus backfill candidates). */
const MAX_DECISIONS_PER_DISPATCH = 24;
/** Quantile of past durations used for flexible jobs (the window must hold the run). */
const FLEXIBLE_QUANTILE = 0.9;
/** Re-decisions of a flexible job before it must run as soon as possible. */
const MAX_REDECISIONS = 6;
/** Event priorities at equal times: free capacity first, decide last. */
const P = { complete: 0, capacity: 1, hour: 2, arrive: 3, wake: 4, sample: 5, dispatch: 6 } as const;

type Ev =
  | { k: "arrive"; r: JobRec }
  | { k: "complete"; r: JobRec; token: number }
  | { k: "wake"; r: JobRec; token: number }
  | { k: "capacity"; clusterIndex: number; nodeIndex: number; up: boolean }
  | { k: "hour" }
  | { k: "sample" }
  | { k: "dispatch" };

interface JobRec {
  readonly idx: number;
  readonly job: SimJob;
  readonly features: DurationFeatures;
  readonly shape: string;
  status: "pending" | "waiting" | "reserved" | "running" | "done" | "skipped";
  token: number;
  redecisions: number;
  firstStartMs: number | null;
  /** Duration the coordinator was given (p90 for flexible jobs, else the median). */
  estimateS: number;
  /** The predictor's median estimate (JTTED). */
  medianEstimateS: number;
  clusterIndex: number;
  /** EASY head reservation made in the current dispatch. */
  headReserved: boolean;
}

/** Everything a run returns. */
export interface PolicyRunResult {
  readonly metrics: SimPolicyMetrics;
  readonly series: SimTimeSeries;
}

/** Shared, policy-independent preparation (built once per simulate call). */
export interface RunContext {
  readonly input: SimInput;
  readonly truths: ReadonlyMap<string, ZoneTruth>;
  readonly workload: TargetWorkload;
  /** Most common multi-GPU member size (GFR's reference shape). */
  readonly gfrGpus: number;
  readonly hooks: SimHooks;
  /** Progress offset and span of this policy within the whole run. */
  readonly progressBase: number;
  readonly progressSpan: number;
}

/** Runs one policy; see the file header for the rules. */
export function runPolicy(ctx: RunContext, simPolicy: SimPolicy): PolicyRunResult {
  const { input, hooks } = ctx;
  const t0 = hooks.now();
  const coordinator: Coordinator = createCoordinator({ policy: simPolicy.policy, workload: ctx.workload });
  const predictor = createDurationPredictor();
  const book = new ForecastBook(ctx.truths, input.forecast, input.seed);
  const energy = emptyTotals();
  const catalog = new Map(input.gpuModels.map((m) => [m.id, m]));
  const clusters = input.clusters.map(
    (c, i) => new SimClusterRun(c, i, new EnergyMeter(ctx.truths.get(c.zone) as ZoneTruth, c.pue, input.startMs, input.endMs, energy), catalog),
  );
  const acc = new MetricAccumulator(input.startMs, input.endMs);
  const queue = new EventQueue<Ev>();
  const quota = new Map(input.tenants.map((t) => [t.tenant, t.maxGpus]));
  const usage = new Map<string, number>();
  const waiting: JobRec[] = [];
  const neverFits = new Map<string, boolean>();
  let dispatchAt = Number.NaN;
  let reservedCount = 0;
  let now = input.startMs;

  const recs: JobRec[] = input.jobs.map((job, idx) => {
    const features: DurationFeatures = {
      tenant: job.tenant,
      cpuMilli: job.cpuMilli,
      gpuCount: job.gpuCount,
      gpuMilliPerGpu: job.gpuMilliPerGpu,
      gangSize: job.gangSize,
      userEstimateS: job.userEstimateS,
    };
    const shape = `${job.cpuMilli}/${job.memoryMib}/${job.gpuCount}/${job.gpuMilliPerGpu}/${job.gangSize}/${job.allowedGpuModels.join("|")}/${job.allowedRegions.join("|")}`;
    return {
      idx,
      job,
      features,
      shape,
      status: "pending",
      token: 0,
      redecisions: 0,
      firstStartMs: null,
      estimateS: 0,
      medianEstimateS: 0,
      clusterIndex: -1,
      headReserved: false,
    };
  });
  for (const r of recs) if (r.job.arrivalMs < input.endMs) queue.push(Math.max(input.startMs, r.job.arrivalMs), P.arrive, { k: "arrive", r });
  for (const e of input.capacityEvents) {
    const ci = input.clusters.findIndex((c) => c.id === e.clusterId);
    const ni = ci >= 0 ? (input.clusters[ci]?.state.nodes.findIndex((n) => n.name === e.nodeName) ?? -1) : -1;
    if (ni >= 0) queue.push(e.atMs, P.capacity, { k: "capacity", clusterIndex: ci, nodeIndex: ni, up: e.up });
  }
  for (let t = Math.ceil(input.startMs / HOUR_MS) * HOUR_MS; t < input.endMs; t += HOUR_MS) queue.push(t, P.hour, { k: "hour" });
  const sampleMs = Math.max(60, input.sampleEveryS) * 1000;
  for (let t = input.startMs; t < input.endMs; t += sampleMs) queue.push(t, P.sample, { k: "sample" });

  const gauge = () => {
    let a = 0;
    let s = 0;
    for (const c of clusters) {
      a += c.allocatedMilli;
      s += c.schedulableMilli;
    }
    acc.advance(now, a, s);
  };
  const requestDispatch = () => {
    if (dispatchAt !== now) {
      dispatchAt = now;
      queue.push(now, P.dispatch, { k: "dispatch" });
    }
  };
  const enqueue = (r: JobRec) => {
    r.status = "waiting";
    const key = (x: JobRec) => [-x.job.priority, x.job.arrivalMs, x.idx] as const;
    const k = key(r);
    let lo = 0;
    let hi = waiting.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = key(waiting[mid] as JobRec);
      if (m[0] < k[0] || (m[0] === k[0] && (m[1] < k[1] || (m[1] === k[1] && m[2] < k[2])))) lo = mid + 1;
      else hi = mid;
    }
    waiting.splice(lo, 0, r);
  };
  const unqueue = (r: JobRec) => {
    const i = waiting.indexOf(r);
    if (i >= 0) waiting.splice(i, 1);
  };
  const gpusOf = (j: SimJob) => (j.gpuCount * j.gpuMilliPerGpu * j.gangSize) / 1000;
  const overQuota = (j: SimJob) => {
    const max = quota.get(j.tenant);
    return max !== undefined && (usage.get(j.tenant) ?? 0) + gpusOf(j) > max + 1e-9;
  };
  const dropReservation = (r: JobRec) => {
    if (r.clusterIndex >= 0) clusters[r.clusterIndex]?.unreserve(r.job.id);
  };

  const fleetJob = (r: JobRec, asap: boolean): FleetJob => {
    const j = r.job;
    const flexible = !asap && j.deadlineMs != null && now + r.estimateS * 1000 <= j.deadlineMs;
    return {
      id: j.id,
      tenant: j.tenant,
      kind: "batch",
      cpuMilli: j.cpuMilli,
      memoryMib: j.memoryMib,
      gpuCount: j.gpuCount,
      gpuMilliPerGpu: j.gpuMilliPerGpu,
      allowedGpuModels: j.allowedGpuModels,
      gangSize: j.gangSize,
      estimatedDurationS: r.estimateS,
      gpuUtilization: j.gpuUtilization,
      earliestStartMs: j.arrivalMs,
      deadlineMs: flexible ? j.deadlineMs : null,
      allowedRegions: j.allowedRegions,
      allowSplit: false,
    };
  };

  const base = (c: SimClusterRun) => ({
    id: c.sim.id,
    name: c.sim.name,
    region: c.sim.region,
    zone: c.sim.zone,
    tier: c.sim.tier,
    pue: c.sim.pue,
    status: "active" as const,
  });
  const built: ({ version: number; atMs: number; fleet: FleetCluster } | undefined)[] = [];
  const snapshot = (r: JobRec, idle: boolean): FleetSnapshot => {
    let maxEnd = now;
    if (!idle)
      for (const c of clusters) {
        for (const x of c.running.values()) if (x.endMs > maxEnd) maxEnd = x.endMs;
        for (const x of c.reservations.values()) if (x.endMs > maxEnd) maxEnd = x.endMs;
      }
    const coverUntil = maxEnd + r.estimateS * 1000 + (simPolicy.policy.constraints.maxDeferralHours + 2) * HOUR_MS;
    const fleet: FleetCluster[] = clusters.map((c, i) => {
      const series = book.seriesAt(c.sim.zone, now, coverUntil);
      if (idle) return { ...base(c), state: c.sim.state, running: [], reservations: [], series };
      // Unchanged cluster at the same instant: hand the coordinator the same object, so its per-cluster
      // timeline and the placer's caches built for the previous decision are reused.
      const hit = built[i];
      if (hit && hit.version === c.version && hit.atMs === now && hit.fleet.series === series) return hit.fleet;
      const running: RunningJob[] = [];
      for (const x of c.running.values()) {
        // A job past its predicted end is still running: assume it ends soon, never before now.
        running.push(x.endMs > now ? x : { ...x, endMs: now + 60_000 });
      }
      const fleetCluster: FleetCluster = { ...base(c), state: c.state, running, reservations: [...c.reservations.values()], series };
      built[i] = { version: c.version, atMs: now, fleet: fleetCluster };
      return fleetCluster;
    });
    const tenants: TenantUsage[] = idle
      ? []
      : input.tenants.map((t) => ({
          tenant: t.tenant,
          maxGpus: t.maxGpus,
          gpusInUse: usage.get(t.tenant) ?? 0,
          carbonBudgetKgPerMonth: null,
          carbonUsedKgThisMonth: 0,
        }));
    return { nowMs: now, clusters: fleet, links: [], gpuModels: input.gpuModels, tenants };
  };

  /** Starts a job on the given nodes now; false when they no longer fit (`expected` failures are not conflicts). */
  const startJob = (r: JobRec, clusterIndex: number, part: { request: RunningJob["job"]; assignments: RunningJob["assignments"] }, mayNotFit = false) => {
    const c = clusters[clusterIndex] as SimClusterRun;
    gauge();
    try {
      c.start(now, { jobId: r.job.id, job: part.request, assignments: part.assignments, endMs: now + r.estimateS * 1000 }, r.job.gpuUtilization);
    } catch {
      // A decision that disagrees with the live state should not happen; a reservation may (a job overran).
      if (!mayNotFit) acc.conflicts++;
      return false;
    }
    r.status = "running";
    r.clusterIndex = clusterIndex;
    r.token++;
    r.firstStartMs ??= now;
    usage.set(r.job.tenant, (usage.get(r.job.tenant) ?? 0) + gpusOf(r.job));
    // JTTED: the predictor's median estimate at the start decision against the true run time.
    acc.relErrors.push((r.medianEstimateS - r.job.durationS) / r.job.durationS);
    queue.push(now + r.job.durationS * 1000, P.complete, { k: "complete", r, token: r.token });
    return true;
  };

  /** Reasons that are unresolvable for the job as submitted but are not the hardware's: ignored for "never fits". */
  const WAITABLE_LIMITS = new Set(["DEADLINE_UNREACHABLE", "TENANT_GPU_QUOTA", "CARBON_BUDGET"]);

  /** Decides one job (on one cluster only, starting now or not at all, when `onlyCluster` is given); returns what happened. */
  const decide = (r: JobRec, allowHeadReservation: boolean, onlyCluster?: number): "started" | "reserved" | "head" | "blocked" | "skipped" => {
    const asap = r.redecisions >= MAX_REDECISIONS;
    r.medianEstimateS = Math.max(1, predictor.predict(r.features).estimateS);
    r.estimateS = r.job.deadlineMs != null && !asap ? Math.max(1, predictor.predict(r.features, FLEXIBLE_QUANTILE).estimateS) : r.medianEstimateS;
    const fj = fleetJob(r, asap);
    acc.decisions++;
    const full = snapshot(r, false);
    const view = onlyCluster === undefined ? full : { ...full, clusters: [full.clusters[onlyCluster] as FleetCluster] };
    const d = coordinator.decideUnexplained(view, fj, { seed: mixSeed(mixSeed(input.seed, r.idx), r.redecisions) });
    const part = d.parts[0];
    const ci = part ? input.clusters.findIndex((c) => c.id === part.clusterId) : -1;
    if (d.outcome === "placed" && part) return startJob(r, ci, part) ? "started" : "blocked";
    if (onlyCluster !== undefined) return "blocked";
    if (d.outcome === "deferred" && part && d.startMs !== null) {
      const reservation = { jobId: r.job.id, job: part.request, assignments: part.assignments, startMs: part.startMs, endMs: part.endMs };
      if (fj.deadlineMs != null) {
        clusters[ci]?.reserve(reservation);
        r.clusterIndex = ci;
        r.status = "reserved";
        reservedCount++;
        r.token++;
        r.redecisions++;
        queue.push(d.startMs, P.wake, { k: "wake", r, token: r.token });
        return "reserved";
      }
      if (allowHeadReservation) {
        clusters[ci]?.reserve(reservation);
        r.clusterIndex = ci;
        r.headReserved = true;
        // No wake: capacity frees only at completions and node-up events, and both dispatch again.
        return "head";
      }
      return "blocked";
    }
    let never = neverFits.get(r.shape);
    if (never === undefined) {
      // Never fits: every cluster refuses it for a reason an idle cluster would give too. The deadline
      // and the tenant's limits do not count here (the job may run late; limits are not hardware).
      never =
        d.verdicts.length > 0 && d.verdicts.every((v) => v.verdict === "unfit-unresolvable" && v.unresolvableCodes.some((code) => !WAITABLE_LIMITS.has(code)));
      neverFits.set(r.shape, never);
    }
    return never ? "skipped" : "blocked";
  };

  const skip = (r: JobRec) => {
    unqueue(r);
    r.status = "skipped";
    acc.skipped++;
  };

  const dispatch = () => {
    for (const r of waiting)
      if (r.headReserved) {
        dropReservation(r);
        r.headReserved = false;
      }
    const blocked = new Set<string>();
    let decisions = 0;
    let headTaken = false;
    for (const r of [...waiting]) {
      if (decisions >= MAX_DECISIONS_PER_DISPATCH) break;
      if (r.status !== "waiting" || blocked.has(r.shape)) continue;
      if (overQuota(r.job)) {
        // Bigger than the tenant's whole quota: can never run.
        if (gpusOf(r.job) > (quota.get(r.job.tenant) ?? 0)) skip(r);
        continue;
      }
      decisions++;
      const out = decide(r, !headTaken);
      if (out === "started" || out === "reserved") unqueue(r);
      else if (out === "skipped") skip(r);
      else if (out === "head") headTaken = true;
      else blocked.add(r.shape);
    }
  };

  const sample = () => {
    let a = 0;
    let s = 0;
    let w = 0;
    let gpuNodes = 0;
    let fragmentedNodes = 0;
    let fragMilli = 0;
    let idleMilli = 0;
    for (const c of clusters) {
      a += c.allocatedMilli;
      s += c.schedulableMilli;
      w += (c.meter.jobW + c.meter.idleW) * c.sim.pue;
      for (const n of c.state.nodes) {
        if (!n.ready || n.gpuMilliFree.length === 0) continue;
        gpuNodes++;
        let free = 0;
        let whole = 0;
        for (const f of n.gpuMilliFree) {
          free += f;
          if (f === 1000) whole++;
        }
        if (free > 0 && free < n.gpuMilliFree.length * 1000 && whole < ctx.gfrGpus) fragmentedNodes++;
        idleMilli += free;
        if (free > 0) fragMilli += fragOf(n);
      }
    }
    acc.samples.push({ atMs: now, gar: s > 0 ? a / s : 0, powerKw: w / 1000, queued: waiting.length + reservedCount });
    acc.addFragmentation(gpuNodes > 0 ? fragmentedNodes / gpuNodes : 0, idleMilli > 0 ? fragMilli / idleMilli : 0);
  };
  const fragCache = new WeakMap<NodeState, number>();
  const fragOf = (n: NodeState) => {
    let f = fragCache.get(n);
    if (f === undefined) {
      f = nodeFragmentation(n, ctx.workload);
      fragCache.set(n, f);
    }
    return f;
  };

  const span = Math.max(1, input.endMs - input.startMs);
  let lastProgress = -1;
  for (let e = queue.pop(); e; e = queue.pop()) {
    now = e.atMs;
    acc.events++;
    if ((acc.events & 1023) === 1) {
      if (hooks.shouldCancel?.()) throw new SimCancelledError(simPolicy.name, ctx.progressBase + ctx.progressSpan * Math.min(1, (now - input.startMs) / span));
      const p = Math.floor(100 * Math.min(1, (now - input.startMs) / span));
      if (p > lastProgress) {
        lastProgress = p;
        hooks.onProgress?.(
          ctx.progressBase + (ctx.progressSpan * p) / 100,
          `${simPolicy.name}: day ${Math.floor((now - input.startMs) / 86_400_000) + 1} of ${Math.ceil(span / 86_400_000)}`,
        );
      }
    }
    const ev = e.payload;
    switch (ev.k) {
      case "arrive":
        enqueue(ev.r);
        requestDispatch();
        break;
      case "complete": {
        const r = ev.r;
        if (r.token !== ev.token || r.status !== "running") break;
        gauge();
        clusters[r.clusterIndex]?.finish(now, r.job.id);
        usage.set(r.job.tenant, (usage.get(r.job.tenant) ?? 0) - gpusOf(r.job));
        predictor.observe(r.features, r.job.durationS);
        r.status = "done";
        acc.completed++;
        acc.jcts.push((now - r.job.arrivalMs) / 1000);
        acc.waits.push({ cls: r.job.jobClass, waitS: ((r.firstStartMs ?? now) - r.job.arrivalMs) / 1000 });
        if (r.job.deadlineMs != null && now > r.job.deadlineMs) acc.deadlineMisses++;
        requestDispatch();
        break;
      }
      case "wake": {
        const r = ev.r;
        if (r.token !== ev.token || r.status !== "reserved") break;
        const held = clusters[r.clusterIndex]?.reservations.get(r.job.id);
        dropReservation(r);
        reservedCount--;
        // Its chosen hour has come. Start on the reserved nodes (backfill kept them free unless a running
        // job overran its predicted end); else anywhere on the chosen cluster (same zone and hour, so the
        // same carbon saving); else wherever there is room now. Never a second carbon deferral, which
        // would chase forecast noise and drift toward the deadline.
        r.redecisions = Math.max(r.redecisions, MAX_REDECISIONS);
        if (held && startJob(r, r.clusterIndex, { request: held.job, assignments: held.assignments }, true)) break;
        if (decide(r, false, r.clusterIndex) === "started") break;
        const out = decide(r, false);
        if (out === "skipped") {
          r.status = "skipped";
          acc.skipped++;
        } else if (out !== "started" && out !== "reserved") {
          enqueue(r);
          requestDispatch();
        }
        break;
      }
      case "capacity": {
        const c = clusters[ev.clusterIndex] as SimClusterRun;
        gauge();
        if (!ev.up) {
          for (const id of c.jobsOnNode(ev.nodeIndex)) {
            const r = recs.find((x) => x.job.id === id) as JobRec;
            c.finish(now, id);
            usage.set(r.job.tenant, (usage.get(r.job.tenant) ?? 0) - gpusOf(r.job));
            r.token++;
            acc.requeued++;
            enqueue(r);
          }
        }
        c.setNodeReady(now, ev.nodeIndex, ev.up);
        requestDispatch();
        break;
      }
      case "hour":
        // Carbon intensity changes and a new forecast is issued: integrate energy up to the hour.
        for (const c of clusters) c.meter.advance(now);
        break;
      case "sample":
        sample();
        break;
      case "dispatch":
        if (dispatchAt === now) dispatchAt = Number.NaN;
        dispatch();
        break;
    }
  }
  gauge();
  for (const c of clusters) c.meter.advance(Math.max(now, input.endMs));
  for (const r of recs) {
    if (r.status === "waiting" || r.status === "reserved" || r.status === "running") {
      acc.unfinished++;
      if (r.job.deadlineMs != null) acc.deadlineMisses++;
    }
  }
  const wallMs = hooks.now() - t0;
  return { metrics: acc.finish(energy, wallMs), series: acc.timeSeries(energy) };
}
