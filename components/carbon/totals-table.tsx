import type { ReactNode } from "react";

/** A small table of named rows with right-aligned figures (each column says its unit). */
export function TotalsTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="relative sm:overflow-x-auto">
      <table className="table-cards min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs uppercase text-slate-600">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`py-1 pr-3 ${i > 0 ? "text-right" : ""}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-slate-100">
              {r.cells.map((cell, i) => (
                <td key={i} className={`py-1 pr-3 ${i > 0 ? "text-right tabular-nums" : "font-medium"}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A figure with its label (a KPI tile). */
export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}
