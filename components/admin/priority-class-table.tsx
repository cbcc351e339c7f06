// The priority classes, highest first: priority, whether each may preempt or be preempted, the
// default, and how many unfinished jobs it has.
import { Button } from "@/components/ui/button";
import type { PriorityClassRow } from "./priority-class-form";
import { TableHead } from "@/components/ui/table-head";

const yesNo = (b: boolean) => (b ? "yes" : "no");

/** The class table with an Edit button per row. */
export function PriorityClassTable({ classes, onEdit }: { classes: PriorityClassRow[]; onEdit: (c: PriorityClassRow) => void }) {
  return (
    <div className="sm:overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards w-full text-left text-sm">
        <caption className="sr-only">Priority classes</caption>
        <TableHead
          columns={[
            "Class",
            { label: "Priority", align: "right" },
            "May preempt",
            "Preemptible",
            { label: "Unfinished jobs", align: "right" },
            { label: "Actions", srOnly: true },
          ]}
        />
        <tbody>
          {classes.map((c) => (
            <tr key={c.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2">
                <span className="font-medium">{c.name}</span>
                {c.isDefault && <span className="ml-2 rounded bg-leaf-50 px-1.5 py-0.5 text-xs text-leaf-900">default</span>}
                {c.description && <p className="text-xs text-slate-600">{c.description}</p>}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{c.priority.toLocaleString("en-US")}</td>
              <td className="px-3 py-2">{yesNo(c.canPreempt)}</td>
              <td className="px-3 py-2">{yesNo(c.preemptible)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{c.activeJobs.toLocaleString("en-US")}</td>
              <td className="px-3 py-2 text-right">
                <Button variant="secondary" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
