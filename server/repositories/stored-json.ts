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

/**
 * The assignments of a decision row (`Decision.assignments`), validated. Throws naming the bad
 * field, e.g. `Decision.assignments[0].cpuMilli: expected number`, when a row does not match.
 */
export function parseStoredAssignments(value: unknown): StoredAssignment[] {
  const parsed = storedAssignmentsSchema.safeParse(value ?? []);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  throw new Error(`Decision.assignments${path}: ${issue.message}`);
}
