import type { ReactNode } from "react";

/** A titled white panel; `actions` sit beside the title (range pickers). */
export function SectionCard({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-labelledby={`${id}-title`}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Loading, error or the content of a query-backed section. */
export function QueryState({ isLoading, error, children }: { isLoading: boolean; error: { message: string } | null; children: ReactNode }) {
  if (error)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        Could not load this section: {error.message}
      </p>
    );
  if (isLoading)
    return (
      <p className="animate-pulse py-8 text-center text-sm text-slate-500" aria-busy="true">
        Loading…
      </p>
    );
  return <>{children}</>;
}

/** A labelled select of whole-number choices (ranges in days). */
export function RangeSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  options: { value: number; label: string }[];
  onChange: (v: number) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
      {label}
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
