/**
 * A job's shape from an openb trace pod, as the demo's queue and arrivals use it: CPU, memory, GPU
 * count, milli-GPU share and GPU-model constraint as the trace has them, a kind from the shape, the
 * queue priority from the QoS class, and a duration from the trace's scheduled..deletion span where it
 * has one (kept within 10 minutes..3 days).
 */
import type { OpenbPod } from "./openb-csv";
import { QOS_PRIORITY } from "./openb-qos";

/** Shortest and longest run given to a trace pod. */
const MIN_DURATION_S = 10 * 60;
const MAX_DURATION_S = 3 * 24 * 3600;

/** Multi-GPU pods train, shared-GPU and latency-sensitive pods serve, CPU-only pods are batch. */
function kindOf(pod: OpenbPod): "TRAINING" | "INFERENCE" | "BATCH" {
  if (pod.gpuCount === 0) return "BATCH";
  if (pod.gpuCount > 1) return "TRAINING";
  if (pod.gpuMilli < 1000 || pod.qos === "LS") return "INFERENCE";
  return "TRAINING";
}

/** Scheduled (else created) to deleted; an hour when the trace has no end. */
function durationOf(pod: OpenbPod): number {
  const start = pod.scheduledTimeS ?? pod.creationTimeS;
  const span = pod.deletionTimeS !== null ? pod.deletionTimeS - start : 3600;
  return Math.min(MAX_DURATION_S, Math.max(MIN_DURATION_S, span));
}

/** The job fields an openb pod gives (name, kind, resources, duration, priority). */
export function openbJobShape(pod: OpenbPod) {
  return {
    name: `${pod.name.replace("openb-pod-", "trace-")}`,
    kind: kindOf(pod),
    cpuMilli: pod.cpuMilli,
    memoryMib: pod.memoryMib,
    gpuCount: pod.gpuCount,
    gpuMilli: pod.gpuMilli,
    allowedGpuModels: pod.gpuSpec,
    estimatedDurationS: durationOf(pod),
    priority: QOS_PRIORITY[pod.qos] ?? 1,
  };
}
