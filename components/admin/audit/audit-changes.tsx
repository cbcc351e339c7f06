// One audit entry's changes, field by field: before → after, a secret only as "changed".
export interface AuditChangeView {
  path: string;
  before: string;
  after: string;
  secret: boolean;
}

export function AuditChanges({ changes }: { changes: AuditChangeView[] }) {
  if (changes.length === 0) return <p className="text-slate-500">No field changed.</p>;
  return (
    <ul className="flex flex-col gap-0.5" data-testid="audit-changes">
      {changes.map((c) => (
        <li key={c.path} data-testid="audit-change" className="break-words">
          <span className="font-mono text-xs text-slate-600">{c.path}</span>:{" "}
          {c.secret ? (
            <em className="text-slate-700">changed (not shown)</em>
          ) : (
            <>
              <span className="text-slate-500">{c.before}</span> <span aria-label="changed to">→</span>{" "}
              <span className="font-medium text-slate-900">{c.after}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
