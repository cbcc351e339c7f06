// The "Impact on recent decisions" panel beside the policy editor: how many recently decided jobs the
// edit would decide differently, their emissions before and after, and the changed settings.
import { formatEmissions } from "@/components/ui/format";
import type { RouterOutputs } from "@/components/trpc/router-types";

/** What `policies.preview` answers. */
export type PolicyPreview = RouterOutputs["policies"]["preview"];

function PreviewRows({ rows }: { rows: PolicyPreview["rows"] }) {
  if (rows.length === 0) return null;
  return (
    <table className="min-w-full">
      <thead className="text-left text-xs uppercase text-slate-600">
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Active policy</th>
          <th scope="col">Edited</th>
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, 15).map((r) => (
          <tr key={r.jobId} className="border-t border-slate-100">
            <td className="py-1">{r.jobName}</td>
            <td className="py-1">
              {r.current.cluster ?? "—"} · {r.current.outcome} · {formatEmissions(r.current.gCo2e)}
            </td>
            <td className="py-1">
              {r.edited.cluster ?? "—"} · {r.edited.outcome} · {formatEmissions(r.edited.gCo2e)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The preview's result, or what the preview does before it was asked for. */
export function PolicyImpactPreview({ preview }: { preview: PolicyPreview | undefined }) {
  return (
    <section aria-labelledby="impact-title" aria-live="polite" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="policy-preview">
      <h2 id="impact-title" className="font-semibold">
        Impact on recent decisions
      </h2>
      {!preview && (
        <p className="mt-2 text-sm text-slate-600">
          Preview re-decides the most recently decided jobs on the fleet as it is now, under the active and the edited policy.
        </p>
      )}
      {preview && (
        <div className="mt-2 flex flex-col gap-3 text-sm">
          <p>
            <strong>{preview.changed}</strong> of {preview.jobs} jobs would be decided differently. Their estimated emissions:{" "}
            {formatEmissions(preview.gCo2eCurrent)} now → {formatEmissions(preview.gCo2eEdited)} with the edit.
          </p>
          <ul className="text-slate-700">
            {preview.changes.map((c) => (
              <li key={c.key}>
                <span className="font-mono">{c.key}</span>: {String(c.before)} → {String(c.after)}
              </li>
            ))}
          </ul>
          <PreviewRows rows={preview.rows} />
        </div>
      )}
    </section>
  );
}
