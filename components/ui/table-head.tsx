// The header row every plain table shares: column labels, numbers right-aligned, an actions column
// named for screen readers only.

/** One column: its label, or the label with right alignment (numbers) or read only by screen readers (actions). */
export type TableColumn = string | { label: string; align?: "right"; srOnly?: boolean };

/** A table's `<thead>` with one header cell per column. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead className="bg-slate-50 text-slate-600">
      <tr>
        {columns.map((column) => {
          const { label, align, srOnly } = typeof column === "string" ? { label: column, align: undefined, srOnly: false } : column;
          return (
            <th key={label} scope="col" className={align === "right" ? "px-3 py-2 text-right" : "px-3 py-2"}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
