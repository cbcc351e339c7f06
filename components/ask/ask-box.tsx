"use client";
// "Ask Verdant" on the decision and job pages: a question (or one of three suggestions), the answer
// with a badge saying whether it was checked against the record or is the template text (and why),
// the charts it refers to drawn from data, and links to the decisions it rests on. Without a model
// configured, the box says which variables enable it and answers with the template text.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { useTRPC } from "@/components/trpc/react";
import type { CheckedAnswer } from "@/server/ask/contract";
import { AskCharts } from "./ask-charts";
import { AskOutcomeBadge, isGenerated } from "./ask-outcome-badge";
import { askSuggestions } from "./ask-suggestions";

const MAX_QUESTION = 500;

function Answer({ answer }: { answer: CheckedAnswer }) {
  return (
    <div data-testid="ask-answer" className="flex flex-col gap-3">
      <div className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm text-slate-900">{answer.text}</div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <AskOutcomeBadge outcome={answer.outcome} notice={answer.notice} />
        {isGenerated(answer.outcome) && answer.model && <span>model {answer.model}</span>}
        {answer.decisionIds.map((id) => (
          <Link key={id} href={`/decisions/${id}`} className="text-leaf-700 underline">
            decision {id.slice(0, 10)}…
          </Link>
        ))}
      </div>
      <AskCharts charts={answer.charts} whatIfs={answer.whatIfs} />
    </div>
  );
}

/** The Ask box of one decision or job. */
export function AskBox({ subject }: { subject: { kind: "decision" | "job"; id: string } }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.ask.status.queryOptions());
  const askDecision = useMutation(trpc.ask.decision.mutationOptions());
  const askJob = useMutation(trpc.ask.job.mutationOptions());
  const ask = subject.kind === "decision" ? askDecision : askJob;
  const [question, setQuestion] = useState("");
  const fieldId = `ask-${subject.kind}-question`;
  const error = ask.error ? (fieldErrorsOf(ask.error).question ?? messageOf(ask.error)) : undefined;

  const submit = (q: string) => {
    const text = q.trim();
    setQuestion(text);
    if (subject.kind === "decision") askDecision.mutate({ decisionId: subject.id, question: text });
    else askJob.mutate({ jobId: subject.id, question: text });
  };

  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="mb-1 text-lg font-semibold">
        Ask Verdant
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Answers come only from this {subject.kind}&apos;s record; every number, time and name is checked against it before it is shown.
      </p>
      {status.data && !status.data.configured && (
        <p data-testid="ask-unconfigured" role="note" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          No model is configured, so answers are Verdant&apos;s own template text. {status.data.hint}
        </p>
      )}
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit(question);
        }}
      >
        <Field id={fieldId} label="Your question" hint={`Up to ${MAX_QUESTION} characters.`} error={error}>
          <textarea
            id={fieldId}
            name="question"
            rows={2}
            maxLength={MAX_QUESTION}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-leaf-600 focus:outline-none focus:ring-2 focus:ring-leaf-500/40"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={ask.isPending || question.trim().length === 0}>
            {ask.isPending ? "Asking…" : "Ask"}
          </Button>
          {askSuggestions(subject.kind).map((s) => (
            <Button key={s} variant="secondary" disabled={ask.isPending} onClick={() => submit(s)}>
              {s}
            </Button>
          ))}
        </div>
      </form>
      {ask.data && (
        <div className="mt-4">
          <Answer answer={ask.data} />
        </div>
      )}
    </section>
  );
}
