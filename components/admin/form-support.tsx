"use client";
// Shared pieces of the admin forms: client-side validation with the server's zod schema (same
// messages, same dotted field paths), number parsing that lets the schema name blank fields, and the
// form-level messages (an error not tied to a field, a success note).
import type { ReactNode } from "react";
import type { z } from "zod";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { Button } from "@/components/ui/button";

/** Blank -> NaN, so the schema reports "Enter …" instead of treating it as 0. */
export const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));
/** Blank -> null (an optional limit). */
export const numOrNull = (s: string) => (s.trim() === "" ? null : Number(s));
/** A number for an input's value ("" for null/NaN). */
export const str = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? "" : String(n));

/** Field -> first message of a failed parse, or null when the input is valid. */
export function clientErrors<S extends z.ZodType>(schema: S, input: unknown): Record<string, string> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

/** Client errors first (they are newer), then the server's. */
export function mergedErrors(client: Record<string, string>, serverError: unknown): Record<string, string> {
  return { ...fieldErrorsOf(serverError), ...client };
}

/** A confirmation announced to screen readers (role="status"), or nothing when there is none. */
export function StatusNote({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="rounded-md bg-leaf-50 p-3 text-sm text-leaf-900">
      {children}
    </p>
  );
}

/** An error not tied to a field, the "fix the highlighted fields" hint, or a success note. */
export function FormMessages({ error, errors, success }: { error: unknown; errors: Record<string, string>; success?: ReactNode }) {
  const fieldCount = Object.keys(errors).length;
  return (
    <>
      {error != null && fieldCount === 0 && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {messageOf(error)}
        </p>
      )}
      {fieldCount > 0 && (
        <p role="status" className="text-sm text-red-700">
          Please fix the highlighted fields.
        </p>
      )}
      {fieldCount === 0 && error == null && <StatusNote>{success}</StatusNote>}
    </>
  );
}

/** The submit button of a create-or-edit form, and Cancel while editing. */
export function FormActions({
  pending,
  editing,
  saveLabel,
  createLabel,
  onCancel,
}: {
  pending: boolean;
  editing: boolean;
  saveLabel: string;
  createLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-3">
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : editing ? saveLabel : createLabel}
      </Button>
      {editing && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
