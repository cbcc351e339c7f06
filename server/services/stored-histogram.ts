/**
 * A prom-client histogram whose buckets come from stored rows rather than live observations: the
 * decisions were timed by the scheduling worker (another process) and their latencies live in the
 * database, so each scrape sets the cumulative bucket counts, sum and count read there. Replaying
 * every stored latency through observe() would cost one call per decision on every scrape.
 */
import { Histogram } from "prom-client";

/** Cumulative counts per upper bound (same bounds as the histogram's buckets), the sum and the count. */
export interface StoredBuckets {
  buckets: { le: number; count: number }[];
  sum: number;
  count: number;
}

/** A label-less histogram filled from stored totals. */
export class StoredHistogram extends Histogram<string> {
  private stored: StoredBuckets = { buckets: [], sum: 0, count: 0 };
  private readonly metricName: string;
  private readonly metricHelp: string;

  constructor(config: { name: string; help: string; buckets: number[]; registers: NonNullable<ConstructorParameters<typeof Histogram>[0]["registers"]> }) {
    super(config);
    this.metricName = config.name;
    this.metricHelp = config.help;
  }

  /** Replaces the totals shown on the next scrape. */
  setStored(stored: StoredBuckets): void {
    this.stored = stored;
  }

  /**
   * What prom-client's registry renders (and what get() reshapes for JSON): the stored totals in
   * exposition form, instead of the live observations this class never receives.
   */
  async getForPromString() {
    const { buckets, sum, count } = this.stored;
    const bucket = `${this.metricName}_bucket`;
    return {
      name: this.metricName,
      help: this.metricHelp,
      type: "histogram",
      aggregator: "sum",
      values: [
        ...buckets.map((b) => ({ metricName: bucket, labels: { le: b.le }, value: b.count })),
        { metricName: bucket, labels: { le: "+Inf" }, value: count },
        { metricName: `${this.metricName}_sum`, labels: {}, value: sum },
        { metricName: `${this.metricName}_count`, labels: {}, value: count },
      ],
    };
  }
}
