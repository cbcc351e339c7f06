/** Plain-text tables for a terminal: columns padded to their widest cell, two spaces apart. */

/** Renders a header row and rows; every cell is text already. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n") + "\n";
}

/** A time as the decision texts write it: minutes, UTC, labelled. */
export function utcMinutes(at: Date | string | null | undefined): string {
  if (!at) return "-";
  return new Date(at).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}
