/**
 * The target workload as one GPU model sees it: only the shapes allowed on that model, their
 * probabilities renormalized. With GPU-type constraints, M learned over all jobs counts every shape a
 * node's model cannot host as "fragmented" free GPU on it; that term is the same for every placement of a
 * given size on a model, so it only adds a per-model bias (towards models that many shapes cannot use)
 * instead of measuring how well the node still serves the jobs that may use it.
 */
import type { TargetWorkload } from "../model/target-workload";

const cache = new WeakMap<TargetWorkload, Map<string, TargetWorkload>>();

/** M restricted to the shapes `model` may host (null model: the unconstrained shapes), renormalized; cached per workload. */
export function workloadForModel(workload: TargetWorkload, model: string | null): TargetWorkload {
  let byModel = cache.get(workload);
  if (!byModel) {
    byModel = new Map();
    cache.set(workload, byModel);
  }
  const key = model ?? "";
  const known = byModel.get(key);
  if (known) return known;
  const allowed = workload.shapes.filter((s) => s.allowedGpuModels.length === 0 || (model !== null && s.allowedGpuModels.includes(model)));
  const mass = allowed.reduce((sum, s) => sum + s.probability, 0);
  // Every shape allowed: M itself, so unconstrained workloads place exactly as before (no rounding drift).
  const result: TargetWorkload =
    allowed.length === workload.shapes.length
      ? workload
      : {
          shapes: mass > 0 ? allowed.map((s) => ({ ...s, probability: s.probability / mass })) : [],
          distinctShapes: workload.distinctShapes,
          coveredShare: workload.coveredShare,
        };
  byModel.set(key, result);
  return result;
}

/** GPUs per model over `nodes` (nodes without GPUs skipped). */
export function modelGpuCapacity(nodes: readonly { readonly gpuModel: string | null; readonly gpuMilliFree: ArrayLike<number> }[]): Map<string, number> {
  const capacity = new Map<string, number>();
  for (const n of nodes) {
    const gpus = n.gpuMilliFree.length;
    if (n.gpuModel !== null && gpus > 0) capacity.set(n.gpuModel, (capacity.get(n.gpuModel) ?? 0) + gpus);
  }
  return capacity;
}

/** Whether any shape of M carries a GPU-model constraint (without one, every model's pressure is 0). */
export function hasModelConstraints(workload: TargetWorkload | null): boolean {
  if (workload === null) return false;
  return (workload.constrainedDemand?.length ?? 0) > 0 || workload.shapes.some((s) => s.gpuCount > 0 && s.allowedGpuModels.length > 0);
}

/**
 * Pressure on each GPU model from the jobs that may use only some models:
 *   pressure_X = (D_X / D) / (cap_X / cap),
 * D = expected GPU request per job under M, D_X = the part of it from constrained shapes that X may host
 * (each such shape's request split over its allowed models by their capacity), cap_X = X's GPUs.
 * 1 means constrained jobs alone expect X's fair share of capacity; a job placed on X that could have gone
 * elsewhere takes capacity they need. Measured on the gpuspec family: without this, unconstrained jobs
 * filled the small models (T4, P100, V100, G3) and the constrained jobs arriving later found no room
 * while G2 stayed 20 % free (docs/benchmarks/placement.md).
 */
export function modelPressure(workload: TargetWorkload, capacity: ReadonlyMap<string, number>): Map<string, number> {
  let capTotal = 0;
  for (const c of capacity.values()) capTotal += c;
  let demand = 0;
  const byModel = new Map<string, number>();
  const add = (models: readonly string[], gpu: number) => {
    let capAllowed = 0;
    for (const m of models) capAllowed += capacity.get(m) ?? 0;
    if (capAllowed === 0) return;
    for (const m of models) byModel.set(m, (byModel.get(m) ?? 0) + (gpu * (capacity.get(m) ?? 0)) / capAllowed);
  };
  if (workload.constrainedDemand) {
    demand = 1;
    for (const d of workload.constrainedDemand) add(d.models, d.gpuShare);
  } else
    for (const s of workload.shapes) {
      const gpu = s.gpuCount * s.gpuMilliPerGpu * s.probability;
      demand += gpu;
      if (gpu > 0 && s.allowedGpuModels.length > 0) add(s.allowedGpuModels, gpu);
    }
  const pressure = new Map<string, number>();
  if (demand === 0 || capTotal === 0) return pressure;
  for (const [m, c] of capacity) if (c > 0) pressure.set(m, (byModel.get(m) ?? 0) / demand / (c / capTotal));
  return pressure;
}
