/**
 * Cluster-level reasons: the engine's one reason shape (explain/reason-codes.ts), with the phrases
 * rendered at cluster scope (the numbers are the closest node's or the rule's).
 */
import { REASON_CODES, type Reason, type ReasonCode } from "../explain/reason-codes";
import { describeReason } from "../explain/render-reason";
import { reasonSchema } from "../explain/schema";

/** Every reason code a cluster filter may return (the shared list). */
export const CLUSTER_REASON_CODES = REASON_CODES;
/** A cluster reason code. */
export type ClusterReasonCode = ReasonCode;
/** Schema of a cluster reason (the shared reason schema). */
export const clusterReasonSchema = reasonSchema;
/** One cluster reason. */
export type ClusterReason = Reason;

/** Phrase used in "N clusters <phrase>" (plural) or, with `count` 1, "1 cluster/it <phrase>". */
export function describeClusterReason(r: ClusterReason, count?: number): string {
  return describeReason(r, "cluster", count);
}
