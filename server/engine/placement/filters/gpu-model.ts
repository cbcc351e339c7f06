/** Filter gpu-model: the node's GPU model must be in the job's allowed list (empty list = any). */
import { modelAllowed } from "../gpu-math";
import { fail, PASS, type FilterPlugin } from "../types";

/** Rejects nodes whose GPU model the job does not allow (GPU_MODEL_NOT_ALLOWED, subject = node model). */
export const gpuModelFilter: FilterPlugin = {
  name: "gpu-model",
  cacheable: true,
  passes: modelAllowed,
  filter: (node, job) => (modelAllowed(node, job) ? PASS : fail({ code: "GPU_MODEL_NOT_ALLOWED", resource: "gpu-model", subject: node.gpuModel ?? "none" })),
};
