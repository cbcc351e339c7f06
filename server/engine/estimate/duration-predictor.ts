/**
 * Job duration predictor (REQ-02), learned online from completed jobs. Past run times are kept per
 * (tenant, job shape) and per shape; a prediction is a quantile of the most specific group that has
 * enough samples. Fallback order: tenant+shape -> shape -> the submitter's own estimate -> all jobs ->
 * a fixed default. The submitter's estimate ranks below shape history because users pad estimates
 * (a well-known effect in batch schedulers) while history of the same shape is measured.
 * The estimate feeds EASY backfill (reservation ends) and temporal shifting (run window length); the
 * distribution of (estimate - actual) / actual over completed jobs is the JTTED metric.
 */

import { quantileSorted } from "./quantile";

/** What the predictor looks at: who submitted the job and its shape (never its true duration). */
export interface DurationFeatures {
  readonly tenant: string;
  readonly cpuMilli: number;
  readonly gpuCount: number;
  readonly gpuMilliPerGpu: number;
  readonly gangSize: number;
  /** The submitter's estimate (s), if any. */
  readonly userEstimateS: number | null;
}

/** Which group a prediction came from. */
export type PredictionSource = "tenant-shape" | "shape" | "user" | "global" | "default";

/** A prediction with its provenance. */
export interface DurationPrediction {
  readonly estimateS: number;
  readonly source: PredictionSource;
  /** Samples behind the estimate (0 for user/default). */
  readonly samples: number;
}

/** Options of {@link createDurationPredictor}. */
export interface DurationPredictorOptions {
  /** Quantile of past durations used as the estimate (0.5 = median). */
  readonly quantile?: number;
  /** Samples a group needs before it is trusted. */
  readonly minSamples?: number;
  /** Most recent samples kept per group (older ones drop out, so the model follows drift). */
  readonly maxSamplesPerGroup?: number;
  /** Estimate when nothing else is known (s). */
  readonly defaultS?: number;
}

/** An online duration predictor. */
export interface DurationPredictor {
  /** Records a completed job's true duration. */
  observe(job: DurationFeatures, actualS: number): void;
  /** Predicts the run time of a job from what has been observed so far (`quantile` overrides the predictor's own). */
  predict(job: DurationFeatures, quantile?: number): DurationPrediction;
  /** Number of completed jobs observed. */
  readonly observed: number;
}

/**
 * Shape key: GPUs per member, GPU share, gang size and a CPU bucket (powers of two of cores), so
 * jobs that look alike to the scheduler share history without every CPU request being its own group.
 */
export function durationShapeKey(job: DurationFeatures): string {
  const cpuBucket = job.cpuMilli <= 0 ? 0 : Math.ceil(Math.log2(job.cpuMilli / 1000 + 1));
  return `${job.gpuCount}x${job.gpuMilliPerGpu}|g${job.gangSize}|c${cpuBucket}`;
}

/** A bounded ring of recent samples with a lazily sorted copy. */
class SampleGroup {
  private readonly ring: number[] = [];
  private next = 0;
  private sorted: Float64Array | null = null;
  constructor(private readonly cap: number) {}
  add(v: number): void {
    if (this.ring.length < this.cap) this.ring.push(v);
    else this.ring[this.next] = v;
    this.next = (this.next + 1) % this.cap;
    this.sorted = null;
  }
  get size(): number {
    return this.ring.length;
  }
  quantile(q: number): number {
    this.sorted ??= Float64Array.from(this.ring).sort();
    return quantileSorted(this.sorted, q);
  }
}

/** Creates an empty predictor (see the file header for the fallback order). */
export function createDurationPredictor(options: DurationPredictorOptions = {}): DurationPredictor {
  const q = options.quantile ?? 0.5;
  const minSamples = options.minSamples ?? 3;
  const cap = options.maxSamplesPerGroup ?? 256;
  const defaultS = options.defaultS ?? 3600;
  const groups = new Map<string, SampleGroup>();
  const group = (key: string, create: boolean) => {
    let g = groups.get(key);
    if (!g && create) {
      g = new SampleGroup(cap);
      groups.set(key, g);
    }
    return g;
  };
  let observed = 0;
  return {
    observe(job, actualS) {
      if (!(actualS > 0) || !Number.isFinite(actualS)) return;
      const shape = durationShapeKey(job);
      group(`t:${job.tenant}|${shape}`, true)?.add(actualS);
      group(`s:${shape}`, true)?.add(actualS);
      group("g", true)?.add(actualS);
      observed++;
    },
    predict(job, quantile = q) {
      const shape = durationShapeKey(job);
      const from = (key: string, source: PredictionSource): DurationPrediction | null => {
        const g = group(key, false);
        return g && g.size >= minSamples ? { estimateS: g.quantile(quantile), source, samples: g.size } : null;
      };
      const user = job.userEstimateS != null && job.userEstimateS > 0 ? { estimateS: job.userEstimateS, source: "user" as const, samples: 0 } : null;
      return (
        from(`t:${job.tenant}|${shape}`, "tenant-shape") ??
        from(`s:${shape}`, "shape") ??
        user ??
        from("g", "global") ?? { estimateS: defaultS, source: "default", samples: 0 }
      );
    },
    get observed() {
      return observed;
    },
  };
}
