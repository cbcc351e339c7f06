/**
 * Network topology of a cluster as data: every node sits in a rack, racks hang under a leaf switch
 * group, switch groups form a pod. A gang's members talk to each other every training step, so the
 * widest level its members span sets a predicted throughput loss:
 *
 *   slowdownPct(level) = EXPOSED_COMMUNICATION_SHARE x (oversubscription(level) - 1) x 100
 *
 * with the exposed (not overlapped) communication share of a data-parallel step at 10 % and the
 * oversubscription of the narrowest link crossed: 1:1 inside a rack (top-of-rack switch), 1.3:1 from
 * rack to leaf switch, 1.8:1 across leaf switches of one pod, 2.5:1 across pods. These are stated
 * assumptions for a leaf-spine fabric, not measurements; docs/topology.md derives them and relates
 * them to the cross-cluster split model (coordinator/split.ts).
 *
 * A null rack, switch or pod means "unknown": unknown values of one level count as one shared group,
 * so a cluster without topology data behaves as one rack and no penalty is claimed for it.
 */
import type { NodeState } from "../model/node";

/** Topology levels from the tightest to the widest. "node" = all members on one node. */
export type TopologyLevel = "node" | "rack" | "switch" | "pod" | "fleet";

/** Levels a gang may be confined to, tightest first. */
export const CONFINEMENT_LEVELS = ["rack", "switch", "pod"] as const;
/** A level a gang may be confined to. */
export type ConfinementLevel = (typeof CONFINEMENT_LEVELS)[number];

/** Share of a data-parallel training step spent in communication that compute does not hide. */
export const EXPOSED_COMMUNICATION_SHARE = 0.1;

/** Assumed oversubscription of the narrowest link a gang spanning this level crosses. */
export const LEVEL_OVERSUBSCRIPTION: Readonly<Record<TopologyLevel, number>> = { node: 1, rack: 1, switch: 1.3, pod: 1.8, fleet: 2.5 };

/** Predicted throughput loss (%) of a gang whose widest span is `level` (see the module comment). */
export function topologySlowdownPct(level: TopologyLevel): number {
  return Math.round(EXPOSED_COMMUNICATION_SHARE * (LEVEL_OVERSUBSCRIPTION[level] - 1) * 100 * 100) / 100;
}

/** The group a node belongs to at `level` ("" = unknown, shared by every node without the value). */
export function domainOf(node: NodeState, level: ConfinementLevel): string {
  if (level === "rack") return node.rack ?? "";
  if (level === "switch") return node.switchGroup ?? "";
  return node.podGroup ?? "";
}

/** How a set of member nodes spreads over the topology. */
export interface TopologySpan {
  /** Distinct nodes, racks, switch groups and pods used (unknown values count as one). */
  readonly nodes: number;
  readonly racks: number;
  readonly switches: number;
  readonly pods: number;
  /** The widest level the members span: "rack" = all in one rack on several nodes, "switch" = several racks under one switch, ... */
  readonly level: TopologyLevel;
  /** Predicted throughput loss for that level (%). */
  readonly slowdownPct: number;
}

/** The span of the nodes hosting a job's members (one entry per member; repeats allowed). */
export function spanOf(members: readonly NodeState[]): TopologySpan {
  const nodes = new Set<string>();
  const racks = new Set<string>();
  const switches = new Set<string>();
  const pods = new Set<string>();
  for (const n of members) {
    nodes.add(n.name);
    racks.add(domainOf(n, "rack"));
    switches.add(domainOf(n, "switch"));
    pods.add(domainOf(n, "pod"));
  }
  const level: TopologyLevel = pods.size > 1 ? "fleet" : switches.size > 1 ? "pod" : racks.size > 1 ? "switch" : nodes.size > 1 ? "rack" : "node";
  return { nodes: nodes.size, racks: racks.size, switches: switches.size, pods: pods.size, level, slowdownPct: topologySlowdownPct(level) };
}
