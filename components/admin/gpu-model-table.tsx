"use client";
// The GPU model catalog as a table: each model's figures, how many GPUs use it, and its edit and
// delete buttons.
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { formatCount } from "@/components/ui/format";
import type { GpuModelRow } from "./gpu-model-form";

const HEADERS: { label: string; right?: boolean }[] = [
  { label: "Model" },
  { label: "Memory", right: true },
  { label: "Compute", right: true },
  { label: "Idle / max power", right: true },
  { label: "In use", right: true },
];

function ModelRow({ m, onEdit, onDelete, deleting }: { m: GpuModelRow; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <tr data-testid="gpu-model-row">
      <td className="px-3 py-2">
        <span className="font-mono font-medium">{m.id}</span>{" "}
        <span className="text-slate-600">
          · {m.vendor} {m.displayName}
        </span>
        {m.figuresEstimated && <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">estimate</span>}
      </td>
      <td className="px-3 py-2 text-right">{m.memoryGib} GiB</td>
      <td className="px-3 py-2 text-right">{m.computeUnits} A100-eq</td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        {m.idleWatts} W / {m.maxWatts} W
      </td>
      <td className="px-3 py-2 text-right">{formatCount(m.gpus)} GPUs</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <Button variant="secondary" className="mr-2" aria-label={`Edit ${m.id}`} onClick={onEdit}>
          Edit
        </Button>
        <ConfirmButton
          aria-label={`Delete ${m.id}`}
          disabled={deleting}
          onConfirm={onDelete}
          title={`Delete the GPU model ${m.id}?`}
          body="The model leaves the catalog. A model that GPUs still use cannot be deleted."
          confirmLabel={`Delete ${m.id}`}
        >
          Delete
        </ConfirmButton>
      </td>
    </tr>
  );
}

/** The catalog table; `onEdit` and `onDelete` receive the model clicked. */
export function GpuModelTable(props: { models: GpuModelRow[]; onEdit: (m: GpuModelRow) => void; onDelete: (m: GpuModelRow) => void; deleting: boolean }) {
  const { models, onEdit, onDelete, deleting } = props;
  if (models.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No GPU models yet. Add one with the form.</p>;
  return (
    <div className="relative sm:overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
        <caption className="px-3 py-2 text-left text-slate-600">
          {models.length} models · {formatCount(models.reduce((s, m) => s + m.gpus, 0))} GPUs in the fleet
        </caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            {HEADERS.map((h) => (
              <th key={h.label} scope="col" className={h.right ? "px-3 py-2 text-right" : "px-3 py-2"}>
                {h.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {models.map((m) => (
            <ModelRow key={m.id} m={m} onEdit={() => onEdit(m)} onDelete={() => onDelete(m)} deleting={deleting} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
