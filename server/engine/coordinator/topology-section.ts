/**
 * The explanation's topology section of a chosen gang part: how its members spread over racks,
 * switch groups and pods, the predicted throughput loss of that spread (placement/topology.ts) and
 * what it costs in GPU-hours over the run. Stored as data so the sentence is rendered from it and a
 * reader can check the arithmetic; absent for single-member parts and on older explanations.
 */
import { formatNumber } from "../carbon/figure";
import type { NodeState } from "../model/node";
import { spanOf } from "../placement/topology";
import type { PlacementOption } from "./agent-types";
import type { CoordinatorExplanation } from "./explanation-schema";
import type { FleetCluster } from "./types";

type Topology = NonNullable<CoordinatorExplanation["chosen"][number]["topology"]>;

/** The topology cost of a placed gang option ({} for a single member, so other parts keep their shape). */
export function topologyOfOption(cluster: FleetCluster, o: PlacementOption): { topology?: Topology } {
  const placements = o.decision.explanation.placements;
  if (placements.length <= 1) return {};
  const members = placements.map((p) => cluster.state.nodes[p.nodeIndex]).filter((n): n is NodeState => n !== undefined);
  const span = spanOf(members);
  const gpuHours = (span.slowdownPct / 100) * o.variant.gpusTotal * (o.variant.durationS / 3600);
  return {
    topology: {
      members: placements.length,
      nodes: span.nodes,
      racks: span.racks,
      switches: span.switches,
      pods: span.pods,
      level: span.level,
      slowdownPct: span.slowdownPct,
      extraGpuHours: Math.round(gpuHours * 100) / 100,
      rackKnown: members.every((n) => (n.rack ?? "") !== ""),
      switchKnown: members.every((n) => (n.switchGroup ?? "") !== ""),
    },
  };
}

/** The topology sentence of a part: where the gang sits and, when it spans racks, what that costs. */
export function topologySentence(t: Topology): string {
  if (!t.rackKnown) return `The gang's ${t.members} members run on ${t.nodes} nodes whose racks are unknown: no topology penalty is stated.`;
  const cost = `~${formatNumber(t.slowdownPct)} % slower, about ${formatNumber(t.extraGpuHours)} GPU-hours`;
  switch (t.level) {
    case "node":
      return `The gang's ${t.members} members share one node: no network penalty.`;
    case "rack":
      return `The gang's ${t.members} members share one rack (${t.nodes} nodes): no topology penalty.`;
    case "switch":
      // Unknown switch groups count as one: the racks may sit under different switches, so the cost is a floor.
      return t.switchKnown === false
        ? `The gang spans ${t.racks} racks (switch groups unknown): at least ${cost}.`
        : `The gang spans ${t.racks} racks under 1 switch group: ${cost}.`;
    case "pod":
      return `The gang spans ${t.switches} switch groups (${t.racks} racks) in 1 pod: ${cost}.`;
    default:
      return `The gang spans ${t.pods} pods (${t.racks} racks): ${cost}.`;
  }
}
