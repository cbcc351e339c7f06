/**
 * Filter gang-rack: a gang confined to one group of a topology level (one rack by default; a switch
 * group or a pod when the placer widened the confinement, see place-gang.ts) may only use groups able
 * to host all remaining members (capacity counted in members, see rack-capacity.ts); once the first
 * member is placed, only that group qualifies. Single-member and unconfined gangs always pass. (The
 * runtime adds the topology position to the group key for confined gangs, so this filter sees one
 * group per node group.)
 */
import type { NodeState } from "../../model/node";
import { domainOf } from "../topology";
import { fail, PASS, type DecisionContext, type FilterPlugin } from "../types";

/** The node's group at the gang's confinement level. */
function groupOf(node: NodeState, ctx: DecisionContext): string {
  return domainOf(node, ctx.gang.level ?? "rack");
}

/** How a group is named in a reason: a bare rack name, or "switch s1" / "pod p1" for wider levels. */
function subjectOf(group: string, ctx: DecisionContext): string {
  const name = group === "" ? "none" : group;
  const level = ctx.gang.level ?? "rack";
  return level === "rack" ? name : `${level} ${name}`;
}

/** Rejects nodes in groups too small for the gang (RACK_CAPACITY_FOR_GANG) or outside the gang's group (GANG_IN_OTHER_RACK). */
export const gangRackFilter: FilterPlugin = {
  name: "gang-rack",
  passes: (node, job, ctx) => {
    const { gang } = ctx;
    if ((job.gangSize ?? 1) <= 1 || !gang.sameRack) return true;
    if (gang.rack !== null) return groupOf(node, ctx) === gang.rack;
    return (gang.rackCapacity.get(groupOf(node, ctx)) ?? 0) >= gang.remainingMembers;
  },
  filter: (node, job, ctx) => {
    const { gang } = ctx;
    if ((job.gangSize ?? 1) <= 1 || !gang.sameRack) return PASS;
    const group = groupOf(node, ctx);
    if (gang.rack !== null) {
      return group === gang.rack
        ? PASS
        : fail({ code: "GANG_IN_OTHER_RACK", resource: "gang", subject: `${subjectOf(group, ctx)} != ${subjectOf(gang.rack, ctx)}` });
    }
    const capacity = gang.rackCapacity.get(group) ?? 0;
    return capacity >= gang.remainingMembers
      ? PASS
      : fail({
          code: "RACK_CAPACITY_FOR_GANG",
          resource: "gang",
          unit: "members",
          requested: gang.remainingMembers,
          available: capacity,
          subject: subjectOf(group, ctx),
        });
  },
};
