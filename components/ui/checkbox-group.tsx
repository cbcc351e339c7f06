import type { ReactNode } from "react";

/** A labelled group of checkboxes choosing a subset of `options`, with an inline error. */
export function CheckboxGroup({
  id,
  label,
  emptyMeaning,
  options,
  selected,
  onChange,
  error,
  loading,
}: {
  id: string;
  label: string;
  /** What ticking nothing means, shown beside the label ("any", "anywhere"). */
  emptyMeaning: string;
  options: { value: string; label: ReactNode }[];
  selected: string[];
  onChange: (next: string[]) => void;
  error?: string;
  loading?: boolean;
}) {
  const toggle = (value: string) => onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-500">(none ticked = {emptyMeaning})</span>
      </span>
      <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-1 text-sm">
            <input type="checkbox" checked={selected.includes(o.value)} onChange={() => toggle(o.value)} />
            {o.label}
          </label>
        ))}
        {loading && <span className="text-sm text-slate-500">Loading…</span>}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
