/**
 * Decayed usage: GPU-hours weighted by how long ago they were used, with a half-life. A GPU-hour used
 * one half-life ago counts half, so a tenant that ran a lot yesterday is not punished for a week, and
 * the sum over an infinite history stays finite (at most gpus · half-life / ln 2).
 */

/** One stretch of GPU use: `gpus` whole-GPU equivalents held from startMs to endMs (epoch ms). */
export interface UsageInterval {
  readonly tenant: string;
  readonly gpus: number;
  readonly startMs: number;
  readonly endMs: number;
}

/** The default half-life of usage: one day, so the share follows the daily rhythm of submissions. */
export const FAIR_SHARE_HALF_LIFE_MS = 24 * 3_600_000;

const HOUR_MS = 3_600_000;

/**
 * Decayed GPU-hours of one interval at `nowMs`: ∫ gpus · 2^(−(now−τ)/h) dτ over [start, min(end, now)],
 * in hours. Closed form: gpus · h/ln2 · (2^(−(now−end)/h) − 2^(−(now−start)/h)).
 */
export function decayedGpuHours(interval: Omit<UsageInterval, "tenant">, nowMs: number, halfLifeMs: number = FAIR_SHARE_HALF_LIFE_MS): number {
  const end = Math.min(interval.endMs, nowMs);
  if (end <= interval.startMs || interval.gpus <= 0) return 0;
  const k = Math.LN2 / halfLifeMs;
  const ms = (Math.exp(-k * (nowMs - end)) - Math.exp(-k * (nowMs - interval.startMs))) / k;
  return (interval.gpus * ms) / HOUR_MS;
}

/** Decayed GPU-hours per tenant at `nowMs` (tenants without usage are absent: their usage is 0). */
export function decayedUsageByTenant(intervals: readonly UsageInterval[], nowMs: number, halfLifeMs: number = FAIR_SHARE_HALF_LIFE_MS): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of intervals) out.set(i.tenant, (out.get(i.tenant) ?? 0) + decayedGpuHours(i, nowMs, halfLifeMs));
  return out;
}
