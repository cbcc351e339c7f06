// Reads one period's facts from the database (a tenant's narrative: its own jobs only) and folds
// them into PeriodFacts: the numbers every sentence, generated or not, is held to.
import type { Db } from "../../db/client";
import {
  readCleanPowerWaits,
  readDecisionOutcomes,
  readLedger,
  readPlacementsByCluster,
  readPreemptions,
  readWaitCodes,
  readWaitReasons,
  readWaits,
  type NarrativeScope,
} from "../../repositories/narrative-repository";
import type { PeriodFacts, WaitReason } from "./facts";
import { QUOTA_CODES, suggest } from "./suggestions";

const IDS_KEPT = 8;
const uniq = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/** Who the narrative is for, and the tenant's name when it is a tenant's. */
export interface FactsAudience {
  audience: PeriodFacts["audience"];
  tenantName: string | null;
}

/** The facts of one period. */
export async function buildPeriodFacts(db: Db, scope: NarrativeScope, who: FactsAudience): Promise<PeriodFacts> {
  const [outcomes, waits, reasons, codes, ledger, clean, preemptions, clusters] = await Promise.all([
    readDecisionOutcomes(db, scope),
    readWaits(db, scope),
    readWaitReasons(db, scope),
    readWaitCodes(db, scope),
    readLedger(db, scope),
    readCleanPowerWaits(db, scope),
    readPreemptions(db, scope),
    readPlacementsByCluster(db, scope),
  ]);

  const count = (o: string) => outcomes.find((r) => r.outcome === o)?.decisions ?? 0;
  const decisionTotal = outcomes.reduce((n, r) => n + r.decisions, 0);
  // Links of the decisions fact: the newest of each outcome, waiting ones first (they need reading).
  const decisionIds = uniq([...["UNSCHEDULABLE", "DEFERRED", "PLACED"].flatMap((o) => outcomes.find((r) => r.outcome === o)?.ids.slice(0, 3) ?? [])]);

  const placements = clusters.reduce((n, c) => n + c.placements, 0);
  const busiest = clusters
    .slice(0, 3)
    .map((c) => ({ name: c.cluster, placements: c.placements, sharePct: placements ? (100 * c.placements) / placements : 0 }));
  const backfills = clusters.reduce((n, c) => n + c.backfills, 0);
  const backfillIds = uniq(clusters.flatMap((c) => c.backfillIds ?? []));

  // Who waited most: the tenant with the most waiting in total (a tenant's narrative: itself), and the
  // reason most cycles of its waiting decisions give.
  const top = waits.byTenant[0] ?? null;
  const topReasons = top ? reasons.filter((r) => r.tenantId === top.tenantId) : reasons;
  const reason = topReasons[0] ?? null;
  const waitIds = uniq([...(reason?.ids.slice(0, 4) ?? []), ...waits.longest.map((l) => l.decisionId)]).slice(0, IDS_KEPT);

  const quotaByTenant = new Map<string, { tenant: string; cycles: number; decisions: number; ids: string[] }>();
  for (const c of codes) {
    if (!(QUOTA_CODES as readonly string[]).includes(c.code)) continue;
    const q = quotaByTenant.get(c.tenantId) ?? { tenant: c.tenant, cycles: 0, decisions: 0, ids: [] };
    q.cycles = Math.max(q.cycles, c.cycles);
    q.decisions = Math.max(q.decisions, c.decisions);
    q.ids = uniq([...q.ids, ...c.ids]).slice(0, IDS_KEPT);
    quotaByTenant.set(c.tenantId, q);
  }

  const cleanPower = { jobs: clean.jobs, savedKg: clean.savedGCo2e / 1000, delayH: clean.delayH, decisionIds: clean.decisionIds, decisionCount: clean.jobs };
  const disruptionIds = uniq([...preemptions.decisionIds.slice(0, 4), ...backfillIds.slice(0, 4)]);
  const suggestions = suggest({
    quotaWaits: [...quotaByTenant.values()].map((q) => ({ tenant: q.tenant, cycles: q.cycles, decisionIds: q.ids, decisionCount: q.decisions })),
    cleanPower,
    preemptions: {
      count: preemptions.count,
      uncheckpointed: preemptions.uncheckpointed,
      decisionIds: preemptions.decisionIds,
      decisionCount: preemptions.decisions,
    },
    busiest: clusters[0] ? { ...busiest[0]!, decisionIds: clusters[0].ids, decisionCount: clusters[0].placements } : null,
    totalPlacements: placements,
  });

  return {
    from: scope.from.toISOString(),
    to: scope.to.toISOString(),
    audience: who.audience,
    tenant: who.tenantName,
    decisions: {
      placed: count("PLACED"),
      deferred: count("DEFERRED"),
      unschedulable: count("UNSCHEDULABLE"),
      cycles: outcomes.reduce((n, r) => n + r.cycles, 0),
      decisionIds,
      decisionCount: decisionTotal,
    },
    clusters: { busiest, placements, decisionIds: uniq(clusters.slice(0, 3).flatMap((c) => c.ids.slice(0, 3))), decisionCount: placements },
    waits: {
      jobs: waits.jobs,
      meanMin: waits.meanS === null ? null : waits.meanS / 60,
      p95Min: waits.p95S === null ? null : waits.p95S / 60,
      top: top ? { tenant: top.tenant, jobs: top.jobs, meanMin: top.meanS / 60, totalH: top.totalS / 3600 } : null,
      reason: reason ? { reason: reason.reason as WaitReason, decisions: reason.decisions, cycles: reason.cycles } : null,
      decisionIds: waitIds,
      decisionCount: Math.max(waits.waited, waitIds.length),
    },
    carbon: {
      jobs: ledger.jobs,
      actualKg: ledger.actualGCo2e / 1000,
      baselineKg: ledger.baselineGCo2e / 1000,
      savedKg: ledger.savedGCo2e / 1000,
      savedPct: ledger.baselineGCo2e > 0 ? (100 * ledger.savedGCo2e) / ledger.baselineGCo2e : null,
      methods: ledger.methods,
      decisionIds: ledger.decisionIds,
      decisionCount: ledger.jobs,
    },
    cleanPower,
    disruption: {
      preemptions: preemptions.count,
      lostGpuHours: preemptions.lostGpuHours,
      uncheckpointed: preemptions.uncheckpointed,
      shrunk: preemptions.shrunk,
      backfills,
      decisionIds: disruptionIds,
      decisionCount: preemptions.decisions + backfills,
    },
    suggestions,
  };
}
