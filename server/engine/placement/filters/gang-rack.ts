/**
 * Filter gang-rack: a gang that must stay in one rack may only use racks able to host all remaining
 * members (capacity counted in members, see rack-capacity.ts); once the first member is placed,
 * only that rack qualifies. Single-member jobs always pass. (The runtime adds the rack to the group
 * key for same-rack gangs, so this filter sees one rack per group.)
 */
import { fail, PASS, type FilterPlugin } from "../types";

/** Rejects nodes in racks too small for the gang (RACK_CAPACITY_FOR_GANG) or outside the gang's rack (GANG_IN_OTHER_RACK). */
export const gangRackFilter: FilterPlugin = {
  name: "gang-rack",
  passes: (node, job, ctx) => {
    const { gang } = ctx;
    if ((job.gangSize ?? 1) <= 1 || !gang.sameRack) return true;
    if (gang.rack !== null) return node.rack === gang.rack;
    return (gang.rackCapacity.get(node.rack ?? "") ?? 0) >= gang.remainingMembers;
  },
  filter: (node, job, ctx) => {
    const { gang } = ctx;
    if ((job.gangSize ?? 1) <= 1 || !gang.sameRack) return PASS;
    if (gang.rack !== null) {
      return node.rack === gang.rack ? PASS : fail({ code: "GANG_IN_OTHER_RACK", resource: "gang", subject: `${node.rack ?? "none"} != ${gang.rack}` });
    }
    const capacity = gang.rackCapacity.get(node.rack ?? "") ?? 0;
    return capacity >= gang.remainingMembers
      ? PASS
      : fail({
          code: "RACK_CAPACITY_FOR_GANG",
          resource: "gang",
          unit: "members",
          requested: gang.remainingMembers,
          available: capacity,
          subject: node.rack ?? "none",
        });
  },
};
