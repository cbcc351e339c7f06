/**
 * GPU power from utilization: linear between idle and maximum board power, the simple model of
 * docs/ALGORITHMS.md (power = idle + (max - idle) x utilization, watts).
 */

/** Idle and maximum board power of one GPU model, watts. */
export interface GpuPowerModel {
  idleWatts: number;
  maxWatts: number;
}

/** Power in watts at a utilization (clamped to 0..1). */
export function gpuPowerWatts(model: GpuPowerModel, utilization: number): number {
  const u = Math.min(1, Math.max(0, utilization));
  return model.idleWatts + (model.maxWatts - model.idleWatts) * u;
}

/** A 32-bit FNV-1a hash of a string, to derive per-GPU seeds from names. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
