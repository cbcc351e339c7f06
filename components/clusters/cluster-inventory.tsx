// A Kubernetes cluster's inventory imports: when the node list was last imported (or why the latest
// attempt failed) and the drift each import found, node by node, rendered from the typed changes.
import type { NodeChange } from "@/server/services/inventory-drift";
import { Timestamp } from "@/components/time/timestamp";
import { formatCpu, formatMemory } from "@/components/ui/format";

/** The cluster page's inventory data (null for a simulated cluster). */
export interface ClusterInventoryState {
  importedAt: Date | null;
  error: string | null;
  drifts: {
    id: string;
    at: Date;
    trigger: string;
    nodesReported: number;
    added: number;
    removed: number;
    changed: number;
    skipped: number;
    changes: NodeChange[];
  }[];
}

type FieldChange = Extract<NodeChange, { kind: "changed" }>["fields"][number];

const FIELD_LABELS: Record<FieldChange["field"], string> = {
  cpuMilli: "CPU",
  memoryMib: "memory",
  gpuModel: "GPU model",
  gpuCount: "GPUs",
  rack: "rack",
  ready: "ready",
  switchGroup: "switch group",
  podGroup: "pod",
};

/** One field's before and after, in the field's unit. */
function fieldText(f: FieldChange): string {
  const value = (v: FieldChange["before"]) => {
    if (v === null) return "none";
    if (typeof v === "boolean") return v ? "yes" : "no";
    if (f.field === "cpuMilli" && typeof v === "number") return formatCpu(v);
    if (f.field === "memoryMib" && typeof v === "number") return formatMemory(v);
    return String(v);
  };
  return `${FIELD_LABELS[f.field]} ${value(f.before)} → ${value(f.after)}`;
}

/** One node change as a sentence. */
function changeText(c: NodeChange): string {
  switch (c.kind) {
    case "added":
      return `${c.node} added: ${c.gpuCount ? `${c.gpuCount} × ${c.gpuModel}, ` : ""}${formatCpu(c.cpuMilli)}, ${formatMemory(c.memoryMib)}`;
    case "removed":
      return c.held ? `${c.node} removed: jobs still run there, so it takes no new work and goes once they finish` : `${c.node} removed`;
    case "changed":
      return `${c.node} changed: ${c.fields.map(fieldText).join(", ")}${c.pending ? " (GPU count applied once its jobs finish; no new work meanwhile)" : ""}`;
    case "skipped":
      return `${c.node} not imported: GPU model ${c.gpuModel} is not in the catalog (add it under Admin › GPU models)`;
  }
}

/** The inventory import state and drift of a Kubernetes cluster. */
export function ClusterInventory({ inventory }: { inventory: ClusterInventoryState }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="inventory-title" data-testid="cluster-inventory">
      <h2 id="inventory-title" className="mb-1 text-lg font-semibold">
        Inventory from Kubernetes
      </h2>
      <p className="text-sm text-slate-600">
        {inventory.importedAt ? (
          <>
            Node list last imported <Timestamp value={inventory.importedAt} />.
          </>
        ) : (
          "The node list has not been imported yet."
        )}
      </p>
      {inventory.error && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          The latest import failed: {inventory.error}
        </p>
      )}
      {inventory.drifts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No drift: every import matched the stored inventory.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {inventory.drifts.map((d) => (
            <li key={d.id} className="py-2" data-testid="inventory-drift">
              <p className="font-medium">
                <Timestamp value={d.at} /> · {d.trigger === "create" ? "first import" : d.trigger === "edit" ? "after a kubeconfig edit" : "refresh"} ·{" "}
                {d.nodesReported} nodes listed: {d.added} added, {d.removed} removed, {d.changed} changed{d.skipped ? `, ${d.skipped} not imported` : ""}
              </p>
              <ul className="mt-1 list-disc pl-5 text-slate-700">
                {d.changes.map((c) => (
                  <li key={`${c.kind}-${c.node}`}>{changeText(c)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
