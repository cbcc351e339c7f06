// "Ask Verdant" end to end against a scripted OpenAI-compatible server (no model can be downloaded
// here): a grounded answer is shown; an answer with a wrong number is regenerated once and then
// replaced by the template; a tenant asking about another tenant's decision is refused; the provider
// down or slow gives the template with a notice; the hourly limit holds; every answer is stored with
// its prompts and model; a tool call's facts (a what-if run) join the facts the answer is checked on.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { recordOf, startFakeChatServer, textOf, type FakeChatServer, type SentRequest } from "./helpers/fake-chat-completions";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const t0 = new Date(SEED_NOW.getTime() + 60_000);
const ASK_ENV = ["VERDANT_ASK_BASE_URL", "VERDANT_ASK_MODEL", "VERDANT_ASK_API_KEY", "VERDANT_ASK_TIMEOUT_MS", "VERDANT_ASK_RATE_PER_HOUR"] as const;

/** A true sentence built from the record the server was sent: the chosen cluster, its start and its CO2e. */
function groundedAnswer(request: SentRequest): string {
  const chosen = recordOf(request).chosen[0]!;
  return `It runs on ${chosen.cluster} from ${chosen.start}, emitting ${chosen.emissionsGCo2e} gCO2e.`;
}

describe("Ask Verdant", () => {
  let database: TestDatabase;
  let fake: FakeChatServer;
  let auroraDecision: string;
  let borealisDecision: string;
  let auroraJob: string;

  beforeAll(async () => {
    database = await createSeededDatabase();
    await runSchedulingCycle(database.db, { now: t0, seed: 11, maxJobs: 40 });
    const placed = await database.db.decision.findMany({
      where: { createdAt: t0, outcome: "PLACED", inputHash: { not: null } },
      select: { id: true, jobId: true, job: { select: { tenant: { select: { slug: true } } } } },
      orderBy: { id: "asc" },
    });
    const aurora = placed.find((d) => d.job.tenant.slug === "aurora-labs");
    const borealis = placed.find((d) => d.job.tenant.slug === "borealis-ai");
    if (!aurora || !borealis) throw new Error("the cycle placed no job of Aurora Labs or of Borealis AI");
    auroraDecision = aurora.id;
    auroraJob = aurora.jobId;
    borealisDecision = borealis.id;
    fake = await startFakeChatServer();
  }, 120_000);

  afterEach(() => {
    for (const name of ASK_ENV) delete process.env[name];
    fake.script([]);
    fake.requests.length = 0;
  });

  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  const configure = (over: Partial<Record<(typeof ASK_ENV)[number], string>> = {}) => {
    process.env.VERDANT_ASK_BASE_URL = fake.baseUrl;
    process.env.VERDANT_ASK_MODEL = "scripted-model";
    process.env.VERDANT_ASK_API_KEY = "test-key-never-shown";
    for (const [k, v] of Object.entries(over)) process.env[k] = v;
  };

  it("says how to enable it when no model is configured, and answers with the template text", async () => {
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const status = await caller.ask.status();
    expect(status).toEqual({ configured: false, model: null, hint: expect.stringContaining("VERDANT_ASK_BASE_URL") });
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "Why this cluster?" });
    const page = await caller.decisions.get({ id: auroraDecision });
    expect(answer.outcome).toBe("unconfigured");
    expect(answer.text).toBe(page.text.join("\n"));
    expect(answer.notice).toContain("VERDANT_ASK_MODEL");
  });

  it("shows a grounded answer and stores it with its prompts and model", async () => {
    configure();
    fake.script([{ text: groundedAnswer }]);
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    expect((await caller.ask.status()).configured).toBe(true);
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "Where and when does my job run?" });
    expect(answer.outcome).toBe("passed");
    expect(answer.text).toBe(groundedAnswer(fake.requests[0]!));
    expect(answer.notice).toBeUndefined();
    expect(answer.charts).toEqual(expect.arrayContaining([{ kind: "carbon-window", decisionId: auroraDecision }]));
    expect(answer.decisionIds).toEqual([auroraDecision]);
    // The model got the system prompt and the record, and the key only as a bearer token.
    const sent = fake.requests[0]!;
    expect(sent.model).toBe("scripted-model");
    expect(sent.authorization).toBe("Bearer test-key-never-shown");
    expect(textOf(sent.messages[0]!.content)).toContain("Answer ONLY from the JSON record");
    expect(sent.tools?.map((t) => t.function.name).sort()).toEqual(["intensity_curve", "list_candidates", "redecide_with_change"]);
    expect(JSON.stringify(answer)).not.toContain("test-key-never-shown");

    const row = await database.db.askAnswer.findUniqueOrThrow({ where: { id: answer.answerId! } });
    expect(row).toMatchObject({
      userId: demoUserIds.aurora,
      subjectKind: "decision",
      subjectId: auroraDecision,
      audience: "tenant",
      outcome: "passed",
      model: "scripted-model",
      attempts: 1,
    });
    expect(row.question).toBe("Where and when does my job run?");
    expect(row.answer).toBe(answer.text);
    expect(row.checkedClaims).toBeGreaterThanOrEqual(3);
    const stored = JSON.stringify(row.messages);
    expect(stored).toContain("Answer ONLY from the JSON record");
    expect(stored).toContain("Where and when does my job run?");
    expect(stored).not.toContain("test-key-never-shown");
  });

  it("rejects an answer with a wrong number, regenerates once naming it, and shows the corrected answer", async () => {
    configure();
    fake.script([{ text: "It emits 987,654 gCO2e on a cleaner grid." }, { text: groundedAnswer }]);
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "What does it emit?" });
    expect(answer.outcome).toBe("regenerated");
    expect(answer.text).toBe(groundedAnswer(fake.requests[0]!));
    const retry = fake.requests[1]!.messages.at(-1)!;
    expect(retry.role).toBe("user");
    expect(textOf(retry.content)).toContain('"987,654 gCO2e"');
    const row = await database.db.askAnswer.findUniqueOrThrow({ where: { id: answer.answerId! } });
    expect(row.attempts).toBe(2);
    expect(row.failedClaims).toEqual([expect.objectContaining({ attempt: 1, kind: "number", text: "987,654 gCO2e" })]);
  });

  it("replaces an answer that is wrong twice by the template text and says why", async () => {
    configure();
    fake.script([{ text: "It emits 987,654 gCO2e." }, { text: "It runs on sjc-regional-9 and emits 123,456 gCO2e." }]);
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "What does it emit?" });
    const page = await caller.decisions.get({ id: auroraDecision });
    expect(answer.outcome).toBe("fallback");
    expect(answer.text).toBe(page.text.join("\n"));
    expect(answer.notice).toContain('"123,456 gCO2e"');
    expect(answer.notice).not.toContain("987,654");
    const row = await database.db.askAnswer.findUniqueOrThrow({ where: { id: answer.answerId! } });
    expect(row).toMatchObject({ outcome: "fallback", attempts: 2 });
  });

  it("refuses a tenant asking about another tenant's decision or job exactly as about one that does not exist", async () => {
    configure();
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const other = await caller.ask.decision({ decisionId: borealisDecision, question: "Why did Borealis get that cluster?" });
    const missing = await caller.ask.decision({ decisionId: "no-such-decision", question: "Why did Borealis get that cluster?" });
    const otherJob = await caller.ask.job({
      jobId: (await database.db.decision.findUniqueOrThrow({ where: { id: borealisDecision } })).jobId,
      question: "Why?",
    });
    for (const a of [other, missing, otherJob]) {
      expect(a).toMatchObject({ outcome: "refused", model: null, charts: [], decisionIds: [] });
      expect(a.text).toBe(other.text);
    }
    expect(fake.requests).toHaveLength(0);
    const row = await database.db.askAnswer.findUniqueOrThrow({ where: { id: other.answerId! } });
    expect(row).toMatchObject({ outcome: "refused", userId: demoUserIds.aurora, subjectId: borealisDecision });
    // An operator may ask about any tenant's decision.
    fake.script([{ text: groundedAnswer }]);
    const operator = await callerAs(database.db, demoUserIds.operator, t0);
    expect((await operator.ask.decision({ decisionId: borealisDecision, question: "Why there?" })).outcome).toBe("passed");
  });

  it("answers about a job from its page and its latest decision", async () => {
    configure();
    fake.script([{ text: groundedAnswer }]);
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const answer = await caller.ask.job({ jobId: auroraJob, question: "When does it start?" });
    expect(answer.outcome).toBe("passed");
    expect(answer.decisionIds).toEqual([auroraDecision]);
    expect(recordOf(fake.requests[0]!).jobPage?.tenant).toBe("Aurora Labs");
  });

  it("gives the template with a notice when the provider is down", async () => {
    const closed = await startFakeChatServer();
    const downUrl = closed.baseUrl;
    await closed.close();
    configure({ VERDANT_ASK_BASE_URL: downUrl });
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "Why?" });
    expect(answer.outcome).toBe("provider-error");
    expect(answer.notice).toBe("The model could not be reached; showing the record's own text.");
    expect(answer.text).toBe((await caller.decisions.get({ id: auroraDecision })).text.join("\n"));
  });

  it("gives the template with a notice when the provider is slower than the timeout", async () => {
    configure({ VERDANT_ASK_TIMEOUT_MS: "1000" });
    fake.script([{ text: groundedAnswer, delayMs: 3000 }]);
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const started = Date.now();
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "Why?" });
    expect(Date.now() - started).toBeLessThan(2800);
    expect(answer.outcome).toBe("provider-error");
    expect(answer.notice).toBe("The model did not answer within 1 s; showing the record's own text.");
    const row = await database.db.askAnswer.findUniqueOrThrow({ where: { id: answer.answerId! } });
    expect(row.outcome).toBe("provider-error");
  });

  it("limits questions per user per hour", async () => {
    configure({ VERDANT_ASK_RATE_PER_HOUR: "2" });
    fake.script([{ text: groundedAnswer }, { text: groundedAnswer }, { text: groundedAnswer }]);
    const caller = await callerAs(database.db, demoUserIds.operator, t0);
    const admin = await callerAs(database.db, demoUserIds.admin, t0);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await caller.ask.decision({ decisionId: auroraDecision, question: `Question ${i}?` })).outcome);
    expect(outcomes).toEqual(["passed", "passed", "rate-limited"]);
    expect(fake.requests).toHaveLength(2);
    // Another user keeps their own allowance.
    expect((await admin.ask.decision({ decisionId: auroraDecision, question: "Why?" })).outcome).not.toBe("rate-limited");
  });

  it("adds the facts of a what-if run to what the answer may cite", async () => {
    configure();
    const record = (r: SentRequest) => recordOf(r);
    fake.script([
      { toolCall: { name: "redecide_with_change", arguments: { gpuCount: 1 } } },
      {
        text: (r) => {
          const toolMessage = r.messages.find((m) => m.role === "tool");
          const result = JSON.parse(textOf(toolMessage!.content)) as { changed: { outcome: string; gCo2e: number | null } };
          return `With 1 GPU the outcome is ${result.changed.outcome}${result.changed.gCo2e !== null ? `, emitting ${result.changed.gCo2e} gCO2e` : ""}; as decided it emits ${record(r).chosen[0]!.emissionsGCo2e} gCO2e.`;
        },
      },
    ]);
    const caller = await callerAs(database.db, demoUserIds.operator, t0);
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "What if it had asked for one GPU?" });
    expect(fake.requests).toHaveLength(2);
    expect(answer.outcome).toBe("passed");
    expect(answer.whatIfs).toEqual([expect.objectContaining({ decisionId: auroraDecision, change: "1 GPU per member" })]);
    expect(answer.charts).toEqual(expect.arrayContaining([{ kind: "what-if", decisionId: auroraDecision, change: "1 GPU per member" }]));
  });

  it("asks again without tools when the server refuses tool definitions", async () => {
    configure();
    fake.script([{ status: 400, error: "tools are not supported by this model" }, { text: groundedAnswer }]);
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const answer = await caller.ask.decision({ decisionId: auroraDecision, question: "Why there?" });
    expect(answer.outcome).toBe("passed");
    expect(fake.requests.map((r) => (r.tools ?? []).length > 0)).toEqual([true, false]);
  });

  it("validates the question with messages naming the field", async () => {
    const caller = await callerAs(database.db, demoUserIds.aurora, t0);
    const error = await caller.ask.decision({ decisionId: auroraDecision, question: "   " }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(String((error as TRPCError).cause)).toContain("Question: write a question.");
    const long = await caller.ask.decision({ decisionId: auroraDecision, question: "x".repeat(501) }).catch((e: unknown) => e);
    expect(String((long as TRPCError).cause)).toContain("Question: at most 500 characters.");
  });
});
