/**
 * Filter gpu-model: the cluster has hardware the job accepts. A compute-native job needs at least one
 * qualifying model (accepted, enough memory per GPU, known compute); a model-based GPU job needs a
 * node of an allowed model. Unresolvable: hardware does not appear by waiting. A gate: without an
 * accepted model there is nothing to place, so capacity and the rest are not asked.
 * Subject = the accepted models joined by "|" (empty when the job accepts any).
 */
import { isComputeNative, modelsOnCluster } from "../variants";
import { PASS, unresolvable, type ClusterFilterPlugin } from "./types";

/** Rejects clusters without an accepted GPU model (GPU_MODEL_ABSENT). */
export const gpuModelFilter: ClusterFilterPlugin = {
  name: "gpu-model",
  stage: "cluster",
  gate: true,
  check: ({ cluster, job, variants }) => {
    const subject = job.allowedGpuModels.join("|");
    const absent = unresolvable({ code: "GPU_MODEL_ABSENT", resource: "gpu-model", ...(subject ? { subject } : {}) });
    if (isComputeNative(job)) return variants.length > 0 ? PASS : absent;
    if (job.gpuCount === 0 || job.allowedGpuModels.length === 0) return PASS;
    for (const model of modelsOnCluster(cluster.state).keys()) if (job.allowedGpuModels.includes(model)) return PASS;
    return absent;
  },
};
