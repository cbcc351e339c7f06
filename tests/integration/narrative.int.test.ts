// The weekly narrative on the seeded demo after one scheduling cycle: its facts equal direct queries of
// the same week, every sentence links to decisions of that week (a tenant's: of its own jobs), it is
// cached per week and audience, and with a model configured a generated text is shown only when its
// numbers check out, its sentences keeping their links.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { weekPeriod } from "../../server/ask/narrative/period";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { startFakeChatServer, textOf, type FakeChatServer, type SentRequest } from "./helpers/fake-chat-completions";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const ASK_ENV = ["VERDANT_ASK_BASE_URL", "VERDANT_ASK_MODEL", "VERDANT_ASK_API_KEY", "VERDANT_ASK_RATE_PER_HOUR"] as const;
const NOW = new Date(SEED_NOW.getTime() + 3_600_000);
const period = weekPeriod(NOW, 0);
const inWeek = { gte: period.from, lt: period.to };

/** The facts record the client sent in its first user message. */
function factsOf(request: SentRequest) {
  const first = textOf(request.messages.find((m) => m.role === "user")?.content ?? "");
  const json = first.slice(first.indexOf("\n") + 1, first.lastIndexOf("\n\nQuestion:"));
  return JSON.parse(json) as { facts: { waits: { meanMin: number; jobs: number }; carbon: { savedKg: number; jobs: number } } };
}

describe("weekly narrative", () => {
  let t: TestDatabase;
  let fake: FakeChatServer;
  let auroraId: string;
  beforeAll(async () => {
    for (const name of ASK_ENV) delete process.env[name];
    t = await createSeededDatabase();
    // One cycle places most of the seeded queue and defers the flexible jobs to cleaner hours.
    await runSchedulingCycle(t.db, { now: new Date(SEED_NOW.getTime() + 60_000), seed: 42, maxJobs: 200 });
    auroraId = (await t.db.tenant.findFirstOrThrow({ where: { name: "Aurora Labs" } })).id;
    fake = await startFakeChatServer();
  }, 240_000);
  afterEach(() => {
    for (const name of ASK_ENV) delete process.env[name];
  });
  afterAll(async () => {
    await fake?.close();
    await t?.drop();
  });

  it("states the week's facts as direct queries count them", async () => {
    const n = await (await callerAs(t.db, demoUserIds.operator, NOW)).narrative.fleet({ weeksAgo: 0 });
    const f = n.facts;
    expect([f.from, f.to]).toEqual([period.from.toISOString(), period.to.toISOString()]);

    const decisions = await t.db.decision.findMany({
      where: { createdAt: inWeek },
      select: { outcome: true, clusterId: true, cluster: { select: { name: true } } },
    });
    expect(f.decisions.placed).toBe(decisions.filter((d) => d.outcome === "PLACED").length);
    expect(f.decisions.deferred).toBe(decisions.filter((d) => d.outcome === "DEFERRED").length);
    expect(f.decisions.placed).toBeGreaterThan(50);
    expect(f.decisions.deferred).toBeGreaterThan(0);
    const perCluster = new Map<string, number>();
    for (const d of decisions) if (d.outcome === "PLACED") perCluster.set(d.cluster!.name, (perCluster.get(d.cluster!.name) ?? 0) + 1);
    const busiest = [...perCluster.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    expect(f.clusters.busiest[0]).toMatchObject({ name: busiest[0], placements: busiest[1] });

    const placed = await t.db.job.findMany({ where: { placedAt: inWeek }, select: { placedAt: true, submittedAt: true } });
    const waits = placed.map((j) => (j.placedAt!.getTime() - j.submittedAt.getTime()) / 60_000);
    expect(f.waits.jobs).toBe(placed.length);
    expect(f.waits.meanMin).toBeCloseTo(waits.reduce((a, b) => a + b, 0) / waits.length, 6);

    const ledger = await t.db.carbonSavingsEntry.findMany({ where: { job: { finishedAt: inWeek } }, select: { savedGCo2e: true, baselineGCo2e: true } });
    expect(f.carbon.jobs).toBe(ledger.length);
    expect(f.carbon.savedKg * 1000).toBeCloseTo(
      ledger.reduce((s, e) => s + e.savedGCo2e, 0),
      6,
    );

    // Waiting for cleaner power: one row per deferred job whose top-ranked cluster starts later for carbon.
    const deferred = await t.db.decision.findMany({ where: { outcome: "DEFERRED", createdAt: inWeek }, select: { jobId: true, explanation: true } });
    const carbon = deferred.filter((d) => {
      const e = d.explanation as { capacityWait?: unknown; clusters: { rank: number | null; startReason: string | null }[] };
      return !e.capacityWait && e.clusters.find((c) => c.rank === 1)?.startReason === "carbon";
    });
    expect(f.cleanPower.jobs).toBe(new Set(carbon.map((d) => d.jobId)).size);
    const delayH = carbon.reduce((s, d) => {
      const c = (d.explanation as { chosen: { carbon: { chosenStartMs: number; earliestStartMs: number } }[] }).chosen[0]!.carbon;
      return s + (c.chosenStartMs - c.earliestStartMs) / 3_600_000;
    }, 0);
    expect(f.cleanPower.delayH).toBeCloseTo(delayH, 6);
  });

  it("writes 4-7 template sentences, each linking to decisions of the week, and says how to enable a model", async () => {
    const n = await (await callerAs(t.db, demoUserIds.admin, NOW)).narrative.fleet({ weeksAgo: 0 });
    expect(n.outcome).toBe("unconfigured");
    expect(n.notice).toContain("VERDANT_ASK_BASE_URL");
    expect(n.sentences.length).toBeGreaterThanOrEqual(4);
    expect(n.sentences.length).toBeLessThanOrEqual(7);
    const ids = [...new Set(n.sentences.flatMap((s) => s.decisionIds))];
    expect(ids.length).toBeGreaterThan(5);
    const found = await t.db.decision.findMany({ where: { id: { in: ids } }, select: { createdAt: true, lastSeenAt: true } });
    expect(found).toHaveLength(ids.length);
    for (const d of found) expect(d.createdAt < period.to && (d.createdAt >= period.from || d.lastSeenAt >= period.from)).toBe(true);
    const waits = n.sentences.find((s) => s.factId === "waits")!;
    expect(waits.text).toContain(`${n.facts.waits.jobs} jobs were placed`);
    expect(waits.decisionCount).toBeGreaterThanOrEqual(waits.decisionIds.length);
  });

  it("gives a tenant only its own jobs' week, and neither side may read the other's procedure", async () => {
    const aurora = await callerAs(t.db, demoUserIds.aurora, NOW);
    const n = await aurora.narrative.tenant({ weeksAgo: 0 });
    expect(n.tenant).toBe("Aurora Labs");
    const own = await t.db.decision.count({ where: { createdAt: inWeek, outcome: "PLACED", job: { tenantId: auroraId } } });
    expect(n.facts.decisions.placed).toBe(own);
    expect(n.facts.decisions.placed).toBeLessThan((await t.db.decision.count({ where: { createdAt: inWeek, outcome: "PLACED" } })) - 10);
    const ids = [...new Set(n.sentences.flatMap((s) => s.decisionIds))];
    expect(ids.length).toBeGreaterThan(0);
    const others = await t.db.decision.count({ where: { id: { in: ids }, job: { tenantId: { not: auroraId } } } });
    expect(others).toBe(0);
    const text = n.sentences.map((s) => s.text).join(" ");
    expect(text).not.toMatch(/Borealis|Cirrus/);
    await expect(aurora.narrative.fleet({ weeksAgo: 0 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect((await callerAs(t.db, demoUserIds.operator, NOW)).narrative.tenant({ weeksAgo: 0 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(aurora.narrative.tenant({ weeksAgo: 99 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("is built once per week and audience: a second read within the hour is the stored one", async () => {
    const operator = await callerAs(t.db, demoUserIds.operator, NOW);
    const first = await operator.narrative.fleet({ weeksAgo: 1 });
    const later = await (await callerAs(t.db, demoUserIds.operator, new Date(NOW.getTime() + 20 * 60_000))).narrative.fleet({ weeksAgo: 1 });
    expect(later.builtAt).toBe(first.builtAt);
    expect(await t.db.periodNarrative.count({ where: { audience: "operator", tenantKey: "" } })).toBe(2);
    // The week before holds the older half of the seeded history only.
    expect(first.facts.decisions.deferred + first.facts.decisions.placed).toBeGreaterThan(0);
  });

  it("shows a generated narrative whose numbers check out, each sentence linked through its fact tag", async () => {
    process.env.VERDANT_ASK_BASE_URL = fake.baseUrl;
    process.env.VERDANT_ASK_MODEL = "scripted-model";
    fake.requests.length = 0;
    fake.script([
      {
        text: (req) => {
          const f = factsOf(req).facts;
          return [
            `[waits] Jobs waited ${f.waits.meanMin.toFixed(1)} min on average across ${f.waits.jobs} placements.`,
            `[carbon] The ledger saved ${(f.carbon.savedKg * 1000).toFixed(0)} g CO2e over ${f.carbon.jobs} finished jobs.`,
            "[decisions] The scheduler kept up with the queue.",
            "[clean-power] Some jobs waited for cleaner hours.",
          ].join("\n");
        },
      },
    ]);
    const n = await (await callerAs(t.db, demoUserIds.operator, NOW)).narrative.fleet({ weeksAgo: 0 });
    expect(n.outcome).toBe("passed");
    expect(n.generated).toBe(true);
    expect(n.model).toBe("scripted-model");
    expect(n.sentences.map((s) => s.factId)).toEqual(["waits", "carbon", "decisions", "clean-power"]);
    expect(n.sentences[0]!.text).toMatch(/^Jobs waited [\d.]+ min/);
    expect(n.sentences[0]!.decisionIds).toEqual(n.facts.waits.decisionIds);
    expect(n.sentences[1]!.decisionIds).toEqual(n.facts.carbon.decisionIds);
    const stored = await t.db.askAnswer.findFirstOrThrow({ where: { subjectKind: "period" }, orderBy: { createdAt: "desc" } });
    expect(stored).toMatchObject({ outcome: "passed", model: "scripted-model", userId: demoUserIds.operator });
    expect(fake.requests).toHaveLength(1);
  });

  it("falls back to the template when both drafts cite a number the week does not hold", async () => {
    process.env.VERDANT_ASK_BASE_URL = fake.baseUrl;
    process.env.VERDANT_ASK_MODEL = "scripted-model";
    fake.requests.length = 0;
    const wrong = { text: (req: SentRequest) => `[waits] Jobs waited ${(factsOf(req).facts.waits.meanMin + 37.3).toFixed(1)} min on average.` };
    fake.script([wrong, wrong]);
    const n = await (await callerAs(t.db, demoUserIds.admin, NOW)).narrative.fleet({ weeksAgo: 0 });
    expect(n.outcome).toBe("fallback");
    expect(n.generated).toBe(false);
    expect(n.notice).toMatch(/min/);
    expect(n.sentences.map((s) => s.factId)).toContain("carbon");
    expect(n.sentences.every((s) => !/ 37\.\d min/.test(s.text))).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });
});
