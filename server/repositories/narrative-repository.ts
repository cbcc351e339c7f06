/**
 * Read-side aggregates of one period for the weekly narrative: decisions by outcome, waits and why,
 * the savings ledger, waiting for cleaner power, preemptions, backfills and the busiest clusters,
 * each with a few decision ids the sentence about it links to. Everything is summed in PostgreSQL (a
 * busy week holds hundreds of thousands of jobs); a tenant's narrative passes its id and sees only
 * its own jobs. The narrative's cache (PeriodNarrative) is read and written here too.
 */
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/client";

/** A half-open UTC interval [from, to), optionally one tenant's jobs only. */
export interface NarrativeScope {
  from: Date;
  to: Date;
  tenantId?: string;
}

// Timestamp columns hold UTC wall time; instants travel as ISO text (see carbon-report-repository.ts).
const utc = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
const inPeriod = (column: Prisma.Sql, s: NarrativeScope) => Prisma.sql`${column} >= ${utc(s.from)} AND ${column} < ${utc(s.to)}`;
const ofTenant = (column: Prisma.Sql, s: NarrativeScope) => (s.tenantId ? Prisma.sql`AND ${column} = ${s.tenantId}` : Prisma.empty);
// A waiting decision counts in every period it was waiting in: first reached before the end, last after the start.
const waitingIn = (s: NarrativeScope) => Prisma.sql`d."createdAt" < ${utc(s.to)} AND d."lastSeenAt" >= ${utc(s.from)}`;
/** How many decision ids a fact keeps for its links. */
const IDS = 8;
// Why a waiting decision waits: busy GPUs (a reservation), else the top-ranked cluster's start reason
// (carbon, window, capacity), else "unschedulable" for a decision no cluster could take.
const WAIT_REASON = Prisma.sql`CASE WHEN d.explanation ? 'capacityWait' THEN 'capacity'
  ELSE COALESCE((SELECT c->>'startReason' FROM jsonb_array_elements(d.explanation->'clusters') c WHERE c->>'rank' = '1' LIMIT 1), lower(d.outcome::text)) END`;

/** Decision rows of the period by outcome: how many, how many cycles reached them, and the newest ids. */
export async function readDecisionOutcomes(db: Db, s: NarrativeScope) {
  const rows = await db.$queryRaw<{ outcome: string; decisions: number; cycles: number; ids: string[] }[]>`
    SELECT d.outcome::text AS outcome, COUNT(*)::int AS decisions, COALESCE(SUM(d."seenCount"), 0)::int AS cycles,
      (array_agg(d.id ORDER BY d."createdAt" DESC, d.id))[1:${IDS}] AS ids
    FROM "Decision" d JOIN "Job" j ON j.id = d."jobId"
    WHERE ${inPeriod(Prisma.sql`d."createdAt"`, s)} ${ofTenant(Prisma.sql`j."tenantId"`, s)}
    GROUP BY 1 ORDER BY 1`;
  return rows;
}

/** Waits (placement minus submission) of jobs placed in the period: overall and per tenant, with the longest waits' placing decisions. */
export async function readWaits(db: Db, s: NarrativeScope) {
  const where = Prisma.sql`j."placedAt" IS NOT NULL AND ${inPeriod(Prisma.sql`j."placedAt"`, s)} ${ofTenant(Prisma.sql`j."tenantId"`, s)}`;
  const wait = Prisma.sql`EXTRACT(EPOCH FROM (j."placedAt" - j."submittedAt"))`;
  const [overall, byTenant, longest] = await Promise.all([
    db.$queryRaw<{ jobs: number; meanS: number | null; p95S: number | null; waited: number }[]>`
      SELECT COUNT(*)::int AS jobs, AVG(${wait})::float8 AS "meanS",
        percentile_cont(0.95) WITHIN GROUP (ORDER BY ${wait})::float8 AS "p95S", COUNT(*) FILTER (WHERE ${wait} >= 60)::int AS waited
      FROM "Job" j WHERE ${where}`,
    db.$queryRaw<{ tenantId: string; tenant: string; jobs: number; meanS: number; totalS: number }[]>`
      SELECT t.id AS "tenantId", t.name AS tenant, COUNT(*)::int AS jobs, AVG(${wait})::float8 AS "meanS", SUM(${wait})::float8 AS "totalS"
      FROM "Job" j JOIN "Tenant" t ON t.id = j."tenantId" WHERE ${where}
      GROUP BY t.id ORDER BY "totalS" DESC, t.name`,
    db.$queryRaw<{ jobId: string; jobName: string; tenant: string; waitS: number; decisionId: string | null }[]>`
      SELECT j.id AS "jobId", j.name AS "jobName", t.name AS tenant, ${wait}::float8 AS "waitS",
        (SELECT d.id FROM "Decision" d WHERE d."jobId" = j.id AND d.outcome = 'PLACED' ORDER BY d."createdAt" DESC LIMIT 1) AS "decisionId"
      FROM "Job" j JOIN "Tenant" t ON t.id = j."tenantId" WHERE ${where}
      ORDER BY "waitS" DESC, j.id LIMIT ${IDS}`,
  ]);
  const o = overall[0];
  return { jobs: o?.jobs ?? 0, meanS: o?.meanS ?? null, p95S: o?.p95S ?? null, waited: o?.waited ?? 0, byTenant, longest };
}

/** Why decisions of the period waited, per tenant: the reason (carbon, capacity, window, unschedulable), rows, cycles and newest ids. */
export async function readWaitReasons(db: Db, s: NarrativeScope) {
  return db.$queryRaw<{ tenantId: string; tenant: string; reason: string; decisions: number; cycles: number; ids: string[] }[]>`
    SELECT t.id AS "tenantId", t.name AS tenant, ${WAIT_REASON} AS reason, COUNT(*)::int AS decisions,
      COALESCE(SUM(d."seenCount"), 0)::int AS cycles, (array_agg(d.id ORDER BY d."createdAt" DESC, d.id))[1:${IDS}] AS ids
    FROM "Decision" d JOIN "Job" j ON j.id = d."jobId" JOIN "Tenant" t ON t.id = j."tenantId"
    WHERE d.outcome <> 'PLACED' AND ${waitingIn(s)} ${ofTenant(Prisma.sql`j."tenantId"`, s)}
    GROUP BY 1, 2, 3 ORDER BY cycles DESC, 2, 3`;
}

/** Reason codes that kept clusters from waiting decisions of the period, per tenant (the explanation's histogram), with the cycles that reached them. */
export async function readWaitCodes(db: Db, s: NarrativeScope) {
  return db.$queryRaw<{ tenantId: string; tenant: string; code: string; decisions: number; cycles: number; ids: string[] }[]>`
    SELECT t.id AS "tenantId", t.name AS tenant, h.key AS code, COUNT(*)::int AS decisions, COALESCE(SUM(d."seenCount"), 0)::int AS cycles,
      (array_agg(d.id ORDER BY d."createdAt" DESC, d.id))[1:${IDS}] AS ids
    FROM "Decision" d JOIN "Job" j ON j.id = d."jobId" JOIN "Tenant" t ON t.id = j."tenantId"
      CROSS JOIN LATERAL jsonb_each(COALESCE(d.explanation->'reasonHistogram', '{}'::jsonb)) h
    WHERE d.outcome <> 'PLACED' AND ${waitingIn(s)} ${ofTenant(Prisma.sql`j."tenantId"`, s)}
    GROUP BY 1, 2, 3 ORDER BY cycles DESC, 2, 3`;
}

/** The savings ledger of the period, dated as the Carbon page dates it (the job's finish, else the entry's day). */
export async function readLedger(db: Db, s: NarrativeScope) {
  const at = Prisma.sql`COALESCE(j."finishedAt", e."day"::timestamp)`;
  const where = Prisma.sql`${inPeriod(at, s)} ${ofTenant(Prisma.sql`e."tenantId"`, s)}`;
  const [totals, top] = await Promise.all([
    db.$queryRaw<{ jobs: number; actual: number; baseline: number; saved: number; methods: string[] | null }[]>`
      SELECT COUNT(*)::int AS jobs, COALESCE(SUM(e."actualGCo2e"), 0)::float8 AS actual, COALESCE(SUM(e."baselineGCo2e"), 0)::float8 AS baseline,
        COALESCE(SUM(e."savedGCo2e"), 0)::float8 AS saved, array_agg(DISTINCT e.method ORDER BY e.method) AS methods
      FROM "CarbonSavingsEntry" e JOIN "Job" j ON j.id = e."jobId" WHERE ${where}`,
    db.$queryRaw<{ decisionId: string | null }[]>`
      SELECT (SELECT d.id FROM "Decision" d WHERE d."jobId" = e."jobId" AND d.outcome = 'PLACED' ORDER BY d."createdAt" DESC LIMIT 1) AS "decisionId"
      FROM "CarbonSavingsEntry" e JOIN "Job" j ON j.id = e."jobId" WHERE ${where}
      ORDER BY e."savedGCo2e" DESC, e.id LIMIT ${IDS}`,
  ]);
  const t = totals[0];
  return {
    jobs: t?.jobs ?? 0,
    actualGCo2e: t?.actual ?? 0,
    baselineGCo2e: t?.baseline ?? 0,
    savedGCo2e: t?.saved ?? 0,
    methods: (t?.methods ?? []).filter(Boolean),
    decisionIds: top.map((r) => r.decisionId).filter((id): id is string => id !== null),
  };
}

/**
 * Deferrals for cleaner power decided in the period: each job's latest such decision (a repeat bumps
 * its row), what it saves against starting at the earliest feasible start and the hours it waits for that.
 */
export async function readCleanPowerWaits(db: Db, s: NarrativeScope) {
  const rows = await db.$queryRaw<{ jobs: number; savedGCo2e: number; delayH: number; ids: string[] | null }[]>`
    WITH latest AS (
      SELECT DISTINCT ON (d."jobId") d.id, d."createdAt",
        (d.explanation->'chosen'->0->'carbon'->>'savingGCo2e')::float8 AS saved,
        ((d.explanation->'chosen'->0->'carbon'->>'chosenStartMs')::float8 - (d.explanation->'chosen'->0->'carbon'->>'earliestStartMs')::float8) / 3600000.0 AS delay
      FROM "Decision" d JOIN "Job" j ON j.id = d."jobId"
      WHERE d.outcome = 'DEFERRED' AND ${WAIT_REASON} = 'carbon' AND jsonb_array_length(COALESCE(d.explanation->'chosen', '[]'::jsonb)) > 0
        AND ${inPeriod(Prisma.sql`d."createdAt"`, s)} ${ofTenant(Prisma.sql`j."tenantId"`, s)}
      ORDER BY d."jobId", d."createdAt" DESC, d.id)
    SELECT COUNT(*)::int AS jobs, COALESCE(SUM(saved), 0)::float8 AS "savedGCo2e", COALESCE(SUM(delay), 0)::float8 AS "delayH",
      (array_agg(id ORDER BY saved DESC NULLS LAST, id))[1:${IDS}] AS ids
    FROM latest`;
  const r = rows[0];
  return { jobs: r?.jobs ?? 0, savedGCo2e: r?.savedGCo2e ?? 0, delayH: r?.delayH ?? 0, decisionIds: r?.ids ?? [] };
}

/** Preemptions decided in the period (a tenant sees those its jobs made or suffered): how many, GPU-hours lost, victims without checkpoints. */
export async function readPreemptions(db: Db, s: NarrativeScope) {
  const tenant = s.tenantId ? Prisma.sql`AND (v."tenantId" = ${s.tenantId} OR p2."tenantId" = ${s.tenantId})` : Prisma.empty;
  const rows = await db.$queryRaw<{ count: number; decisions: number; lostGpuHours: number; uncheckpointed: number; shrunk: number; ids: string[] | null }[]>`
    SELECT COUNT(*)::int AS count, COUNT(DISTINCT p."decisionId")::int AS decisions, COALESCE(SUM(p."lostGpuHours"), 0)::float8 AS "lostGpuHours",
      COUNT(*) FILTER (WHERE v."checkpointIntervalS" IS NULL)::int AS uncheckpointed, COUNT(*) FILTER (WHERE p."shrunkTo" IS NOT NULL)::int AS shrunk,
      (array_agg(DISTINCT p."decisionId"))[1:${IDS}] AS ids
    FROM "Preemption" p JOIN "Job" v ON v.id = p."victimJobId" JOIN "Job" p2 ON p2.id = p."preemptorJobId"
    WHERE ${inPeriod(Prisma.sql`p."createdAt"`, s)} ${tenant}`;
  const r = rows[0];
  return {
    count: r?.count ?? 0,
    decisions: r?.decisions ?? 0,
    lostGpuHours: r?.lostGpuHours ?? 0,
    uncheckpointed: r?.uncheckpointed ?? 0,
    shrunk: r?.shrunk ?? 0,
    decisionIds: r?.ids ?? [],
  };
}

/** Placements of the period per cluster (busiest first), with how many were backfills, and the newest ids. */
export async function readPlacementsByCluster(db: Db, s: NarrativeScope) {
  return db.$queryRaw<{ clusterId: string; cluster: string; placements: number; backfills: number; ids: string[]; backfillIds: string[] | null }[]>`
    SELECT c.id AS "clusterId", c.name AS cluster, COUNT(*)::int AS placements, COUNT(*) FILTER (WHERE d.backfilled)::int AS backfills,
      (array_agg(d.id ORDER BY d."createdAt" DESC, d.id))[1:${IDS}] AS ids,
      (array_agg(d.id ORDER BY d."createdAt" DESC, d.id) FILTER (WHERE d.backfilled))[1:${IDS}] AS "backfillIds"
    FROM "Decision" d JOIN "Job" j ON j.id = d."jobId" JOIN "Cluster" c ON c.id = d."clusterId"
    WHERE d.outcome = 'PLACED' AND ${inPeriod(Prisma.sql`d."createdAt"`, s)} ${ofTenant(Prisma.sql`j."tenantId"`, s)}
    GROUP BY c.id ORDER BY placements DESC, c.name`;
}

/** Which of `ids` are decisions in the period (of the tenant, when given): the links a narrative may keep. */
export async function readDecisionIdsInScope(db: Db, ids: string[], s: NarrativeScope): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.decision.findMany({
    where: {
      id: { in: ids },
      OR: [{ createdAt: { gte: s.from, lt: s.to } }, { lastSeenAt: { gte: s.from, lt: s.to } }],
      ...(s.tenantId ? { job: { tenantId: s.tenantId } } : {}),
    },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}

/** The tenant's display name (null when unknown). */
export async function readTenantName(db: Db, tenantId: string): Promise<string | null> {
  return (await db.tenant.findUnique({ where: { id: tenantId }, select: { name: true } }))?.name ?? null;
}

/** Every cluster, GPU model and tenant name the fleet knows, so the checker spots a name the week's facts do not hold. */
export async function readFleetNames(db: Db): Promise<{ clusters: string[]; models: string[]; tenants: string[] }> {
  const [clusters, models, tenants] = await Promise.all([
    db.cluster.findMany({ select: { name: true } }),
    db.gpuModel.findMany({ select: { id: true, displayName: true } }),
    db.tenant.findMany({ select: { name: true } }),
  ]);
  return { clusters: clusters.map((c) => c.name), models: models.flatMap((m) => [m.id, m.displayName]), tenants: tenants.map((t) => t.name) };
}

/** One cached narrative row. */
export interface PeriodNarrativeRow {
  facts: unknown;
  sentences: unknown;
  outcome: string;
  notice: string | null;
  model: string | null;
  askAnswerId: string | null;
  createdAt: Date;
}

/** The cached narrative of (audience, tenant, period), or null. */
export async function findPeriodNarrative(db: Db, key: { audience: string; tenantKey: string; from: Date; to: Date }): Promise<PeriodNarrativeRow | null> {
  return db.periodNarrative.findUnique({
    where: { audience_tenantKey_periodFrom_periodTo: { audience: key.audience, tenantKey: key.tenantKey, periodFrom: key.from, periodTo: key.to } },
    select: { facts: true, sentences: true, outcome: true, notice: true, model: true, askAnswerId: true, createdAt: true },
  });
}

/** Stores (or replaces) the narrative of (audience, tenant, period). */
export async function savePeriodNarrative(
  db: Db,
  key: { audience: string; tenantKey: string; from: Date; to: Date },
  row: Omit<PeriodNarrativeRow, "createdAt">,
  now: Date,
): Promise<void> {
  const data = {
    facts: row.facts as Prisma.InputJsonValue,
    sentences: row.sentences as Prisma.InputJsonValue,
    outcome: row.outcome,
    notice: row.notice,
    model: row.model,
    askAnswerId: row.askAnswerId,
    createdAt: now,
  };
  await db.periodNarrative.upsert({
    where: { audience_tenantKey_periodFrom_periodTo: { audience: key.audience, tenantKey: key.tenantKey, periodFrom: key.from, periodTo: key.to } },
    create: { audience: key.audience, tenantKey: key.tenantKey, periodFrom: key.from, periodTo: key.to, ...data },
    update: data,
  });
}
