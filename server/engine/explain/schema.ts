/**
 * The placement explanation: one typed, versioned structure per decision (stored with the decision,
 * validated by this schema when read back). Text and charts are rendered from it. Nodes that are
 * identical for every plugin of the policy are reported once as a group with a count.
 */
import { z } from "zod";
import { REASON_CODES, REASON_RESOURCES, REASON_UNITS } from "./reason-codes";

/**
 * Current explanation format version. Bump when a field changes meaning.
 * 2: reasons use the shared shape (`available` for what was `free`, `subject` for what was `detail`, plus `resource`).
 */
export const EXPLANATION_VERSION = 2 as const;

/** A reason with numbers, the same shape at both levels (see reason-codes.ts). */
export const reasonSchema = z.object({
  code: z.enum(REASON_CODES),
  resource: z.enum(REASON_RESOURCES).optional(),
  unit: z.enum(REASON_UNITS).optional(),
  requested: z.number().optional(),
  available: z.number().optional(),
  capacity: z.number().optional(),
  limit: z.number().optional(),
  subject: z.string().optional(),
});

/** One filter plugin's verdict on a group. */
export const filterResultSchema = z.object({
  plugin: z.string(),
  passed: z.boolean(),
  reasons: z.array(reasonSchema),
});

/** One score plugin's contribution on a group: raw -> normalized 0..100 -> x weight. */
export const scoreResultSchema = z.object({
  plugin: z.string(),
  raw: z.number(),
  normalized: z.number().min(0).max(100),
  weight: z.number(),
  weighted: z.number(),
});

/** A group of identical nodes as the policy saw them. */
export const nodeGroupSchema = z.object({
  count: z.number().int().positive(),
  firstNode: z.string(),
  firstNodeIndex: z.number().int().nonnegative(),
  /** Up to five member names, in node order. */
  sampleNodes: z.array(z.string()),
  gpuModel: z.string().nullable(),
  cpuMilliFree: z.number(),
  memoryMibFree: z.number(),
  gpuMilliFree: z.array(z.number()),
  rack: z.string().nullable(),
  ready: z.boolean(),
  filters: z.array(filterResultSchema),
  passed: z.boolean(),
  scores: z.array(scoreResultSchema),
  total: z.number().nullable(),
});

/** How the winner was picked among equal totals. */
export const tieBreakSchema = z.object({
  /** Groups / nodes sharing the top total before any tie-break. */
  tiedGroups: z.number().int().nonnegative(),
  tiedNodes: z.number().int().nonnegative(),
  /** Secondary score plugins applied in order, then the final rule. */
  secondary: z.array(z.string()),
  final: z.enum(["node-order", "random"]),
  /** What actually separated the winner: "unique-top-score", "secondary:<plugin>", "node-order", "random". */
  decidedBy: z.string(),
});

/** One member's placement. */
export const memberPlacementSchema = z.object({
  member: z.number().int().nonnegative(),
  nodeName: z.string(),
  nodeIndex: z.number().int().nonnegative(),
  gpuIndices: z.array(z.number().int().nonnegative()),
  gpuMilliPerGpu: z.number(),
  cpuMilli: z.number(),
  memoryMib: z.number(),
});

/** The evaluation of one member (one decision step). */
export const memberStepSchema = z.object({
  member: z.number().int().nonnegative(),
  nodesTotal: z.number().int().nonnegative(),
  nodesFeasible: z.number().int().nonnegative(),
  groups: z.array(nodeGroupSchema),
  tieBreak: tieBreakSchema.nullable(),
  /** Nodes failing with each reason code (a node failing two filters counts under both). */
  reasonHistogram: z.record(z.string(), z.number()),
});

/** Fragmentation F(M) in milli-GPU before and after the decision. */
export const fragmentationSchema = z.object({
  clusterBeforeMilli: z.number(),
  clusterAfterMilli: z.number(),
  nodesBeforeMilli: z.array(z.number()),
  nodesAfterMilli: z.array(z.number()),
});

/** The full explanation of one placement decision. */
export const placementExplanationSchema = z.object({
  version: z.literal(EXPLANATION_VERSION),
  policy: z.object({ name: z.string(), version: z.string() }),
  seed: z.number().int(),
  job: z.object({
    id: z.string().nullable(),
    tenant: z.string().nullable(),
    cpuMilli: z.number(),
    memoryMib: z.number(),
    gpuCount: z.number(),
    gpuMilliPerGpu: z.number(),
    allowedGpuModels: z.array(z.string()),
    gangSize: z.number().int().positive(),
  }),
  outcome: z.enum(["placed", "unschedulable"]),
  placements: z.array(memberPlacementSchema),
  steps: z.array(memberStepSchema),
  fragmentation: fragmentationSchema.nullable(),
  /** Reason histogram of the step that failed (empty when placed). */
  reasonHistogram: z.record(z.string(), z.number()),
  summary: z.string(),
});

/** A placement explanation (the type is derived from the schema so they cannot drift). */
export type PlacementExplanation = z.infer<typeof placementExplanationSchema>;
/** One group entry of an explanation. */
export type NodeGroupExplanation = z.infer<typeof nodeGroupSchema>;
/** One member step of an explanation. */
export type MemberStep = z.infer<typeof memberStepSchema>;
/** One member placement. */
export type MemberPlacement = z.infer<typeof memberPlacementSchema>;
/** Tie-break record. */
export type TieBreakRecord = z.infer<typeof tieBreakSchema>;

/** Parses stored JSON back into an explanation, throwing a zod error when it does not conform. */
export function parseExplanation(value: unknown): PlacementExplanation {
  return placementExplanationSchema.parse(value);
}
