/**
 * Plain-language defaults for the validation messages people meet when a schema gives none of its
 * own: an emptied number field reads "Enter a number." instead of "expected number, received NaN",
 * a long text "At most 200 characters." instead of "Too big: expected string to have <=200
 * characters". Messages a schema states itself always win. Loaded by safe-input.ts, which every form
 * and procedure schema imports, so browser and server agree.
 */
import { z } from "zod";

const count = (n: number | bigint) => Number(n).toLocaleString("en-US");

/** The friendly message for an issue zod would otherwise word for developers, or undefined to keep zod's. */
export function friendlyIssueMessage(issue: {
  code?: string;
  expected?: string;
  input?: unknown;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
}): string | undefined {
  if (issue.code === "invalid_type" && issue.expected === "number" && (issue.input === undefined || issue.input === null || Number.isNaN(issue.input)))
    return "Enter a number.";
  if (issue.code === "invalid_type" && issue.input === undefined) return "Required.";
  if (issue.origin === "string" && issue.code === "too_big" && issue.maximum !== undefined) return `At most ${count(issue.maximum)} characters.`;
  if (issue.origin === "string" && issue.code === "too_small" && issue.minimum !== undefined)
    return Number(issue.minimum) <= 1 ? "Required." : `At least ${count(issue.minimum)} characters.`;
  if (issue.origin === "number" && issue.code === "too_big" && issue.maximum !== undefined)
    return issue.inclusive === false ? `Less than ${count(issue.maximum)}.` : `At most ${count(issue.maximum)}.`;
  if (issue.origin === "number" && issue.code === "too_small" && issue.minimum !== undefined)
    return issue.inclusive === false ? `More than ${count(issue.minimum)}.` : `At least ${count(issue.minimum)}.`;
  if (issue.origin === "array" && issue.code === "too_small" && issue.minimum !== undefined) return `Choose at least ${count(issue.minimum)}.`;
  return undefined;
}

z.config({ customError: (issue) => friendlyIssueMessage(issue as Parameters<typeof friendlyIssueMessage>[0]) });
