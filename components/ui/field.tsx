import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** A labelled form field with an optional hint and an inline error tied to the input for screen readers. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-leaf-600 focus:outline-none focus:ring-2 focus:ring-leaf-500/40 aria-[invalid=true]:border-red-500";

/** A text/number/date input wired to its Field's hint and error. */
export function Input({ id, invalid, ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string; invalid?: boolean }) {
  return (
    <input id={id} name={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : `${id}-hint`} className={inputClass} {...props} />
  );
}

/** A select wired to its Field's hint and error. */
export function Select({ id, invalid, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { id: string; invalid?: boolean }) {
  return (
    <select id={id} name={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : `${id}-hint`} className={inputClass} {...props} />
  );
}

/** A multi-line text input wired to its Field's hint and error. */
export function Textarea({ id, invalid, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; invalid?: boolean }) {
  return (
    <textarea
      id={id}
      name={id}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
      className={`${inputClass} font-mono text-xs`}
      {...props}
    />
  );
}
