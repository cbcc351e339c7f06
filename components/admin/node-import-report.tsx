// The report of a checked node list: all valid (what it would add, with a sample of the nodes) or
// every problem by line, unknown GPU models (with a suggestion) and names already in the fleet.
import { formatCount, formatCpu, formatMemory } from "@/components/ui/format";
import type { RouterOutputs } from "@/components/trpc/router-types";

/** What `clusterAdmin.previewImport` answers. */
export type NodeImportReport = RouterOutputs["clusterAdmin"]["previewImport"];

function ProblemTable({ report }: { report: NodeImportReport }) {
  if (report.problems.length === 0) return null;
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full">
        <caption className="sr-only">Problems by line</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1">
              Line
            </th>
            <th scope="col" className="px-2 py-1">
              Column
            </th>
            <th scope="col" className="px-2 py-1">
              Problem
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.problems.map((p, i) => (
            <tr key={i} data-testid="import-problem">
              <td className="px-2 py-1 tabular-nums">{p.line}</td>
              <td className="px-2 py-1 font-mono">{p.column ?? "—"}</td>
              <td className="px-2 py-1">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.problemCount > report.problems.length && (
        <p className="mt-1 text-slate-600">…and {formatCount(report.problemCount - report.problems.length)} more.</p>
      )}
    </div>
  );
}

function SampleTable({ report }: { report: NodeImportReport }) {
  if (!report.ok || report.sample.length === 0) return null;
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full">
        <caption className="px-2 py-1 text-left text-slate-600">
          First {report.sample.length} of {formatCount(report.add.nodes)} nodes to add
        </caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1">
              Line
            </th>
            <th scope="col" className="px-2 py-1">
              Node
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              CPU
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              Memory
            </th>
            <th scope="col" className="px-2 py-1">
              GPUs
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.sample.map((n) => (
            <tr key={n.name}>
              <td className="px-2 py-1 tabular-nums">{n.line}</td>
              <td className="px-2 py-1 font-mono">{n.name}</td>
              <td className="px-2 py-1 text-right">{formatCpu(n.cpuMilli)}</td>
              <td className="px-2 py-1 text-right">{formatMemory(n.memoryMib)}</td>
              <td className="px-2 py-1">{n.gpuCount ? `${n.gpuCount} × ${n.gpuModel}` : "none"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The checked file's report. */
export function NodeImportReportView({ report }: { report: NodeImportReport }) {
  return (
    <div aria-live="polite" data-testid="import-report" className="flex flex-col gap-3 text-sm">
      {report.ok ? (
        <p className="rounded-md bg-leaf-50 p-3 text-leaf-900">
          {report.fileName}: all {formatCount(report.dataLines)} lines are valid. It will add <strong>{formatCount(report.add.nodes)} nodes</strong> with{" "}
          <strong>{formatCount(report.add.gpus)} GPUs</strong>, {formatCpu(report.add.cpuMilli)} and {formatMemory(report.add.memoryMib)}
          {report.add.byModel.length > 0 && ` (${report.add.byModel.map((m) => `${m.model}: ${m.nodes} nodes, ${m.gpus} GPUs`).join("; ")})`}.
        </p>
      ) : (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {report.fileName}: {formatCount(report.problemCount)} {report.problemCount === 1 ? "problem" : "problems"} in {formatCount(report.dataLines)} lines.
          Nothing will be imported until they are fixed.
          {report.unknownModels.length > 0 &&
            ` Unknown GPU models: ${report.unknownModels.map((m) => `${m.model} (${m.lines} lines${m.suggestion ? `; did you mean ${m.suggestion}?` : ""})`).join(", ")} — add them on the GPU models page first.`}
          {report.duplicateNames > 0 && ` ${report.duplicateNames} nodes already exist in the fleet.`}
        </p>
      )}
      <ProblemTable report={report} />
      <SampleTable report={report} />
    </div>
  );
}
