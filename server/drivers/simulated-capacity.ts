/** Whether a job's assignments fit its nodes on the simulated cluster, next to the jobs already running. */
import { activeAt, type SimJob } from "./simulated-jobs";
import { DriverError, type InventoryNode, type NodeAssignment, type StartJobRequest } from "./types";

/** CPU, memory and per-GPU milli the node would hold with `a` added at `t`. */
function loadWith(a: NodeAssignment, jobs: Iterable<SimJob>, t: number) {
  let cpu = a.cpuMilli;
  let mem = a.memoryMib;
  const gpuMilli = new Map<number, number>(a.gpuIndices.map((g) => [g, a.milliPerGpu]));
  for (const other of jobs) {
    if (!activeAt(other, t)) continue;
    for (const o of other.request.assignments) {
      if (o.node !== a.node) continue;
      cpu += o.cpuMilli;
      mem += o.memoryMib;
      for (const g of o.gpuIndices) if (gpuMilli.has(g)) gpuMilli.set(g, (gpuMilli.get(g) ?? 0) + o.milliPerGpu);
    }
  }
  return { cpu, mem, gpuMilli };
}

/** Throws the first reason one assignment does not fit its node at `t`. */
function assertAssignmentFits(jobId: string, a: NodeAssignment, node: InventoryNode | undefined, jobs: Iterable<SimJob>, t: number): void {
  if (!node) throw new DriverError("UNKNOWN_NODE", `job ${jobId}: node ${a.node} is not in this cluster`, { jobId, node: a.node });
  if (!node.schedulable) throw new DriverError("CAPACITY", `job ${jobId}: node ${a.node} is not schedulable`, { node: a.node });
  const bad = a.gpuIndices.find((g) => g >= node.gpuCount);
  if (bad !== undefined)
    throw new DriverError("INVALID_REQUEST", `job ${jobId}: node ${a.node} has ${node.gpuCount} GPUs, no index ${bad}`, {
      node: a.node,
      gpuIndex: bad,
    });
  const { cpu, mem, gpuMilli } = loadWith(a, jobs, t);
  if (cpu > node.cpuMilli)
    throw new DriverError("CAPACITY", `job ${jobId}: node ${a.node} would need ${cpu} of ${node.cpuMilli} milli-CPU`, {
      node: a.node,
      field: "cpuMilli",
    });
  if (mem > node.memoryMib)
    throw new DriverError("CAPACITY", `job ${jobId}: node ${a.node} would need ${mem} of ${node.memoryMib} MiB`, {
      node: a.node,
      field: "memoryMib",
    });
  for (const [g, milli] of gpuMilli) {
    if (milli > 1000) throw new DriverError("CAPACITY", `job ${jobId}: GPU ${a.node}#${g} would hold ${milli} of 1000 milli`, { node: a.node, gpuIndex: g });
  }
}

/**
 * The request's assignments with the members that share a node merged into one (their GPUs are
 * disjoint, checked by assertValidStartRequest), so a node's capacity is checked against all of them.
 */
function perNode(request: StartJobRequest): NodeAssignment[] {
  const merged = new Map<string, NodeAssignment>();
  for (const a of request.assignments) {
    const m = merged.get(a.node);
    merged.set(
      a.node,
      m ? { ...m, gpuIndices: [...m.gpuIndices, ...a.gpuIndices], cpuMilli: m.cpuMilli + a.cpuMilli, memoryMib: m.memoryMib + a.memoryMib } : a,
    );
  }
  return [...merged.values()];
}

/** Throws when any assignment of the request does not fit its node at `t`. */
export function assertCapacity(nodes: ReadonlyMap<string, InventoryNode>, jobs: Iterable<SimJob>, request: StartJobRequest, t: number): void {
  for (const a of perNode(request)) assertAssignmentFits(request.jobId, a, nodes.get(a.node), jobs, t);
}
