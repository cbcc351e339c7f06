// One grounded answer: generate with the configured OpenAI-compatible model from the grounding record
// only, check every claim, regenerate once naming the claims that failed, and fall back to the
// record's template text (saying why) when the second answer fails too, the model is slow or down,
// or the asker is over the hourly limit. Every answer is stored for audit and its check logged.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, isStepCount, tool, type ModelMessage, type ToolSet } from "ai";
import { db as defaultDb, type Db } from "../../db/client";
import { componentLogger } from "../../logging/logger";
import { checkClaims } from "../claims/check-claims";
import { ASK_ENABLE_HINT, askConfig, askLimits, type AskConfig } from "../config";
import type { AllowedFacts, AskChartRef, AskOutcome, CheckedAnswer, FailedClaim, GroundingRecord, WhatIfComparison } from "../contract";
import { takeAskSlot } from "../rate-limit";
import { mergeFacts, type AskTools } from "./ask-tool";
import { capLength } from "./cap-length";
import { questionPrompt, retryPrompt, systemPrompt } from "./prompts";
import { storeAnswer } from "./store-answer";

/** Input of one grounded answer. */
export interface AnswerGroundedInput {
  userId: string;
  question: string;
  grounding: GroundingRecord;
  /** Aborts the generation (the request closed); the answer is then a provider error with the template text. */
  signal?: AbortSignal;
  /** Tools the model may call (each reads only what the asker may see). */
  tools?: AskTools;
  /** Where the answer is stored (default: the process's database). */
  db?: Db;
}

/** Most model steps per attempt (tool calls and the answer). */
const MAX_STEPS = 4;

const log = () => componentLogger("ask");

/** Why a provider call failed, in words for the asker (never the URL or key). */
function providerNotice(error: unknown, timedOut: boolean, config: AskConfig): string {
  if (timedOut) return `The model did not answer within ${Math.round(config.timeoutMs / 1000)} s; showing the record's own text.`;
  const status = (error as { statusCode?: number })?.statusCode;
  if (status === 429) return "The model is rate limited by its provider; showing the record's own text.";
  return "The model could not be reached; showing the record's own text.";
}

/** Whether a provider error is a refusal of the request's shape (as a server without tool support answers), not an outage. */
function refusesTools(error: unknown): boolean {
  return APICallError.isInstance(error) && (error.statusCode === 400 || error.statusCode === 422);
}

/** Copies of the grounding's facts, so tool results extend them for this answer only. */
function copyFacts(allowed: AllowedFacts): AllowedFacts {
  return {
    numbers: [...allowed.numbers],
    clusters: [...allowed.clusters],
    models: [...allowed.models],
    tenants: [...allowed.tenants],
    times: [...allowed.times],
    ...(allowed.vocabulary ? { vocabulary: allowed.vocabulary } : {}),
  };
}

/** The AI SDK tool set over our tools; each call's facts and charts are collected as it runs. */
function sdkTools(tools: AskTools | undefined, facts: AllowedFacts, charts: AskChartRef[], whatIfs: WhatIfComparison[]): ToolSet | undefined {
  if (!tools || Object.keys(tools).length === 0) return undefined;
  return Object.fromEntries(
    Object.entries(tools).map(([name, t]) => [
      name,
      tool({
        description: t.description,
        inputSchema: t.inputSchema,
        execute: async (input: unknown) => {
          const result = await t.run(input);
          mergeFacts(facts, result.allowed);
          if (result.whatIf) whatIfs.push(result.whatIf);
          for (const c of result.charts ?? []) if (!charts.some((k) => JSON.stringify(k) === JSON.stringify(c))) charts.push(c);
          return result.output;
        },
      }),
    ]),
  ) as ToolSet;
}

/** Answers a question from its grounding record only, checking the answer before it is shown. */
export async function answerGrounded(input: AnswerGroundedInput): Promise<CheckedAnswer> {
  const { grounding, question, userId } = input;
  const started = Date.now();
  const base = { charts: grounding.charts ?? [], decisionIds: grounding.decisionIds };
  const config = askConfig();
  if (!config) {
    return {
      ...base,
      outcome: "unconfigured",
      text: grounding.templateText,
      notice: `No model is configured: ${ASK_ENABLE_HINT}.`,
      model: null,
      answerId: null,
    };
  }
  const wait = await takeAskSlot(userId, askLimits().ratePerHour);
  if (wait !== null) {
    log().warn({ userId, subject: grounding.subject, outcome: "rate-limited" }, "ask: rate limited");
    return {
      ...base,
      outcome: "rate-limited",
      text: grounding.templateText,
      notice: `You asked more than ${config.ratePerHour} questions in an hour; you can ask again in ${Math.ceil(wait / 60)} min. Showing the record's own text.`,
      model: config.model,
      answerId: null,
    };
  }

  const model = createOpenAICompatible({ name: "verdant-ask", baseURL: config.baseUrl, apiKey: config.apiKey }).chatModel(config.model);
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = input.signal ? AbortSignal.any([timeout, input.signal]) : timeout;
  const facts = copyFacts(grounding.allowed);
  const charts = [...base.charts];
  const whatIfs: WhatIfComparison[] = [];
  let tools = sdkTools(input.tools, facts, charts, whatIfs);
  const system = systemPrompt(grounding.audience);
  const messages: ModelMessage[] = [{ role: "user", content: questionPrompt(question, grounding.context) }];
  const failedByAttempt: (FailedClaim & { attempt: number })[] = [];
  let outcome: AskOutcome = "fallback";
  let text = grounding.templateText;
  let notice: string | undefined;
  let checkedClaims = 0;
  let attempts = 0;

  try {
    for (attempts = 1; attempts <= 2; attempts++) {
      const call = () => generateText({ model, system, messages, tools, stopWhen: isStepCount(MAX_STEPS), abortSignal: signal, maxRetries: 0 });
      let result: Awaited<ReturnType<typeof call>>;
      try {
        result = await call();
      } catch (error) {
        // Some servers (llama.cpp without a tool template, older Ollama models) answer 400 to a request with tools:
        // ask again without them rather than show no answer.
        if (!tools || !refusesTools(error)) throw error;
        log().warn(
          { model: config.model, status: (error as { statusCode?: number }).statusCode },
          "ask: the model refused tool definitions; answering without tools",
        );
        tools = undefined;
        result = await call();
      }
      messages.push(...result.responseMessages);
      const answer = capLength(result.text, config.maxAnswerChars);
      const check = answer
        ? checkClaims(answer, facts)
        : { ok: false, checkedClaims: 0, failed: [{ kind: "number" as const, text: "", reason: "the answer was empty" }] };
      checkedClaims += check.checkedClaims;
      if (check.ok) {
        outcome = attempts === 1 ? "passed" : "regenerated";
        text = answer;
        break;
      }
      failedByAttempt.push(...check.failed.map((f) => ({ ...f, attempt: attempts })));
      if (attempts === 1) messages.push({ role: "user", content: retryPrompt(check.failed) });
    }
    attempts = Math.min(attempts, 2);
    if (outcome === "fallback") {
      const claims = [...new Set(failedByAttempt.filter((f) => f.attempt === 2).map((f) => f.text))].filter(Boolean);
      notice = `The model's answer ${claims.length ? `cited ${claims.map((c) => `"${c}"`).join(", ")}, which the record does not hold` : "could not be checked"}; showing the record's own text.`;
    }
  } catch (error) {
    outcome = "provider-error";
    text = grounding.templateText;
    notice = providerNotice(error, timeout.aborted, config);
    log().warn({ userId, subject: grounding.subject, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, "ask: provider failed");
  }

  const latencyMs = Date.now() - started;
  const answerId = await storeAnswer(input.db ?? defaultDb(), {
    userId,
    grounding,
    question,
    outcome,
    model: config.model,
    messages: [{ role: "system", content: system }, ...messages],
    answer: text,
    checkedClaims,
    failedClaims: failedByAttempt,
    attempts,
    latencyMs,
  });
  log().info(
    { answerId, userId, subject: grounding.subject, model: config.model, outcome, checkedClaims, failedClaims: failedByAttempt.length, attempts, latencyMs },
    "ask: answer checked",
  );
  // Charts a tool call added (a what-if run) belong to the generated words; the template keeps the record's own.
  const shown = outcome === "passed" || outcome === "regenerated" ? charts : base.charts;
  const generated = outcome === "passed" || outcome === "regenerated";
  return {
    outcome,
    text,
    ...(notice ? { notice } : {}),
    model: config.model,
    charts: shown,
    decisionIds: grounding.decisionIds,
    answerId,
    ...(generated && whatIfs.length ? { whatIfs } : {}),
  };
}
