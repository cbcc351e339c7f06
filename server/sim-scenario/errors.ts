/**
 * One error class for everything wrong with a scenario: a bad field (named by its path, e.g.
 * `clusters[2].pue`), a missing file or a malformed CSV (named by file and line). The CLI prints the
 * message as its one line; the app shows it next to the upload.
 */
import type { z } from "zod";

/** A scenario that cannot be loaded; `field` is the JSON path at fault, `file`/`line` the input file and line when known. */
export class ScenarioError extends Error {
  constructor(
    readonly field: string,
    detail: string,
    readonly file: string | null = null,
    readonly line: number | null = null,
  ) {
    super(field ? `${field}: ${detail}` : detail);
    this.name = "ScenarioError";
  }
}

/** Formats a JSON path like `clusters[2].pue` or `carbon.zones["US-CAL-CISO"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

type Issue = z.core.$ZodIssue;

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

function describe(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "is required";
      const expected =
        issue.expected === "int" ? "a whole number" : issue.expected === "object" ? "an object" : issue.expected === "array" ? "a list" : `a ${issue.expected}`;
      return `must be ${expected}, got ${typeName(issue.input)}`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "array") return `must have at least ${min} item${min === 1 ? "" : "s"}`;
      if (issue.origin === "string") return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      return `must be ${issue.inclusive ? ">=" : ">"} ${min}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "array") return `must have at most ${max} items`;
      if (issue.origin === "string") return `must be at most ${max} characters`;
      return `must be ${issue.inclusive ? "<=" : "<"} ${max}`;
    }
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format":
      return issue.format === "datetime" ? "must be an ISO 8601 UTC date-time like 2023-01-01T00:00:00Z" : `is not a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** The most useful leaf of an issue: for a union, the branch that got furthest (the input had its shape). */
function leaf(issue: Issue, path: PropertyKey[]): { path: PropertyKey[]; issue: Issue } {
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const shaped = issue.errors.filter((branch) => !(branch.length === 1 && branch[0]?.code === "invalid_type" && branch[0].path.length === 0));
    const best = shaped.sort((a, b) => a.length - b.length)[0];
    if (best?.[0]) return leaf(best[0], [...path, ...best[0].path]);
    const expected = issue.errors.map((branch) => (branch[0]?.code === "invalid_type" ? branch[0].expected : "?"));
    return { path, issue: { ...issue, code: "custom", message: `must be ${[...new Set(expected)].join(" or ")}`, input: issue.input } as Issue };
  }
  if (issue.code === "unrecognized_keys") {
    const [first, ...rest] = issue.keys;
    return {
      path: [...path, first ?? "?"],
      issue: { ...issue, code: "custom", message: `unknown field${rest.length ? ` (and ${rest.join(", ")})` : ""}` } as Issue,
    };
  }
  return { path, issue };
}

/** How many of a scenario's problems one message lists before it only counts the rest. */
const LISTED_PROBLEMS = 20;

/**
 * Turns zod's issues into one ScenarioError naming the first field, then listing every other problem
 * with its field too (up to 20, then a count), so a file with nine mistakes is fixed in one pass.
 */
export function scenarioErrorFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): ScenarioError {
  const leaves = error.issues.map((i) => leaf(i as Issue, [...prefix, ...(i as Issue).path]));
  const [{ path, issue }, ...others] = leaves as [{ path: PropertyKey[]; issue: Issue }, ...{ path: PropertyKey[]; issue: Issue }[]];
  const listed = others.slice(0, LISTED_PROBLEMS - 1).map((o) => `${formatPath(o.path) || "(scenario)"}: ${describe(o.issue)}`);
  const unlisted = others.length - listed.length;
  const more = others.length === 0 ? "" : `; ${leaves.length} problems in all, also ${listed.join("; ")}${unlisted > 0 ? `; and ${unlisted} more` : ""}`;
  return new ScenarioError(formatPath(path) || "(scenario)", `${describe(issue)}${more}`);
}
