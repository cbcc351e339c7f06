// A tool the model may call while answering: it reads only what the asker may see, and every fact
// it returns joins the facts the answer is checked against (so a number from a what-if run passes).
import type { z } from "zod";
import type { AllowedFacts, AskChartRef, WhatIfComparison } from "../contract";

/** What a tool call returns: the output the model reads, the facts it adds, and a chart to show beside the answer. */
export interface AskToolResult {
  output: unknown;
  allowed: Partial<AllowedFacts>;
  charts?: AskChartRef[];
  /** A what-if run, shown as a comparison chart beside the answer. */
  whatIf?: WhatIfComparison;
}

/** One tool: a description for the model, its input schema, and the server-side reader. */
// The default input is `any` so tools with different inputs share one record type (a function taking a
// narrower input is not assignable to one taking `unknown`); each tool's schema validates before `run`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface AskTool<I = any> {
  description: string;
  inputSchema: z.ZodType<I>;
  run: (input: I) => Promise<AskToolResult>;
}

/** Tools by the name the model calls them. */
export type AskTools = Record<string, AskTool>;

/** Adds one set of facts to another (in place), without duplicates. */
export function mergeFacts(into: AllowedFacts, add: Partial<AllowedFacts>): AllowedFacts {
  into.numbers.push(...(add.numbers ?? []));
  for (const key of ["clusters", "models", "tenants", "times"] as const) {
    for (const v of add[key] ?? []) if (!into[key].includes(v)) into[key].push(v);
  }
  return into;
}
