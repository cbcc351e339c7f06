/**
 * Shapes of the JSON columns this code reads back, checked with zod on read. A JSON column is typed
 * `JsonValue` by Prisma, so a cast would let a hand-edited or older row through silently and fail
 * later, far from the cause; parsing here fails at the read with the row's path in the message.
 * (Decision explanations have their own versioned schema in the engine.)
 */
import { z } from "zod";

/** One part of a placed job as stored on its decision: the node by name, the GPU indices and the share on each. */
export const storedAssignmentSchema = z.object({
  /** Cluster id (a split job holds nodes in two clusters). */
  cluster: z.string(),
  node: z.string(),
  gpuIndices: z.array(z.number().int().nonnegative()),
  milliPerGpu: z.number().int().nonnegative(),
  cpuMilli: z.number().int().nonnegative(),
  memoryMib: z.number().int().nonnegative(),
});

/** A stored assignment (see `storedAssignmentSchema`). */
export type StoredAssignment = z.infer<typeof storedAssignmentSchema>;

const storedAssignmentsSchema = z.array(storedAssignmentSchema);

/** A scenario document as the scenario loader reads it; the loader itself checks what is inside. */
const storedDocument = z.unknown().refine((document): boolean => document !== undefined && document !== null, { error: "expected a scenario document" });

/**
 * A scenario as stored in `Experiment.scenario`: a shipped example by file name with its parsed
 * document, or an uploaded document with its uploaded files (path to text), so a run never depends
 * on the uploader's disk.
 */
export const storedScenarioSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("example"), file: z.string(), document: storedDocument }),
  z.object({ kind: z.literal("upload"), fileName: z.string(), document: storedDocument, files: z.record(z.string(), z.string()) }),
]);

/** A stored scenario (see `storedScenarioSchema`). */
export type StoredScenario = z.infer<typeof storedScenarioSchema>;

/** A stored JSON value that does not have its shape; `field` is the column and the path in it, e.g. `Experiment.scenario.kind`. */
export class StoredJsonError extends Error {
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = "StoredJsonError";
  }
}

/** `value` parsed with `schema`, or a StoredJsonError naming `column` and the path of the first problem. */
function parseStored<T>(schema: z.ZodType<T>, column: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  throw new StoredJsonError(`${column}${path}`, issue.message);
}

/**
 * The assignments of a decision row (`Decision.assignments`), validated. Throws naming the bad
 * field, e.g. `Decision.assignments[0].cpuMilli: expected number`, when a row does not match.
 */
export function parseStoredAssignments(value: unknown): StoredAssignment[] {
  return parseStored(storedAssignmentsSchema, "Decision.assignments", value ?? []);
}

/**
 * The scenario of an experiment row (`Experiment.scenario`), validated. Throws a StoredJsonError
 * naming the bad field, e.g. `Experiment.scenario.files: expected record`, when a row does not match.
 */
export function parseStoredScenario(value: unknown): StoredScenario {
  return parseStored(storedScenarioSchema, "Experiment.scenario", value);
}
