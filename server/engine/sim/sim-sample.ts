/**
 * Periodic metric samples of a simulation run: allocation ratio, facility power, queue length and
 * GPU fragmentation of the fleet at one instant.
 */
import type { NodeState } from "../model/node";
import { nodeFragmentation } from "../placement/fragmentation";
import type { SimState } from "./sim-state";

/** Fragmentation of a node's free GPU capacity, cached per node state object. */
function fragOf(s: SimState, n: NodeState): number {
  let f = s.fragCache.get(n);
  if (f === undefined) {
    f = nodeFragmentation(n, s.ctx.workload);
    s.fragCache.set(n, f);
  }
  return f;
}

/**
 * Records one sample. A GPU node counts as fragmented when it has some but not all GPU capacity free
 * and fewer whole free GPUs than the reference shape needs (GFR).
 */
export function sample(s: SimState): void {
  let a = 0;
  let sched = 0;
  let w = 0;
  let gpuNodes = 0;
  let fragmentedNodes = 0;
  let fragMilli = 0;
  let idleMilli = 0;
  for (const c of s.clusters) {
    a += c.allocatedMilli;
    sched += c.schedulableMilli;
    w += (c.meter.jobW + c.meter.idleW) * c.sim.pue;
    for (const n of c.state.nodes) {
      if (!n.ready || n.gpuMilliFree.length === 0) continue;
      gpuNodes++;
      let free = 0;
      let whole = 0;
      for (const f of n.gpuMilliFree) {
        free += f;
        if (f === 1000) whole++;
      }
      if (free > 0 && free < n.gpuMilliFree.length * 1000 && whole < s.ctx.gfrGpus) fragmentedNodes++;
      idleMilli += free;
      if (free > 0) fragMilli += fragOf(s, n);
    }
  }
  s.acc.samples.push({ atMs: s.now, gar: sched > 0 ? a / sched : 0, powerKw: w / 1000, queued: s.waiting.length + s.reservedCount });
  s.acc.addFragmentation(gpuNodes > 0 ? fragmentedNodes / gpuNodes : 0, idleMilli > 0 ? fragMilli / idleMilli : 0);
}
