/** Percentiles and the printed table of bench:pages. */

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface PageResult {
  page: string;
  role: string;
  loadMs: number[];
  contentMs: number[];
  bytes: number[];
}

/** A fixed-width table: page, role, runs, load median/p95, content median/p95, transferred KB median. */
export function formatTable(results: readonly PageResult[]): string {
  const header = ["page", "role", "runs", "load p50 ms", "load p95 ms", "content p50 ms", "content p95 ms", "transferred KB"];
  const rows = results.map((r) => [
    r.page,
    r.role,
    String(r.loadMs.length),
    percentile(r.loadMs, 50).toFixed(0),
    percentile(r.loadMs, 95).toFixed(0),
    percentile(r.contentMs, 50).toFixed(0),
    percentile(r.contentMs, 95).toFixed(0),
    (percentile(r.bytes, 50) / 1024).toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** One page's figures as the `--json` line carries them (milliseconds and kilobytes, rounded). */
export function summarize(r: PageResult) {
  return {
    page: r.page,
    role: r.role,
    runs: r.loadMs.length,
    loadP50Ms: Math.round(percentile(r.loadMs, 50)),
    loadP95Ms: Math.round(percentile(r.loadMs, 95)),
    contentP50Ms: Math.round(percentile(r.contentMs, 50)),
    contentP95Ms: Math.round(percentile(r.contentMs, 95)),
    transferredKb: Math.round(percentile(r.bytes, 50) / 1024),
  };
}

export interface PollResult {
  table: string;
  procedure: string;
  /** Whether the request replayed is the page's own poll (else the procedure called as a poll would). */
  replayed: boolean;
  ms: number[];
}

/** Server time per poll of each live table: median and p95 of the round trips, and the slowest. */
export function formatPolls(results: readonly PollResult[]): string {
  const header = ["live table", "procedure", "polls", "p50 ms", "p95 ms", "max ms"];
  const rows = results.map((r) => [
    r.table,
    `${r.procedure}${r.replayed ? "" : " *"}`,
    String(r.ms.length),
    percentile(r.ms, 50).toFixed(0),
    percentile(r.ms, 95).toFixed(0),
    Math.max(...r.ms).toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
