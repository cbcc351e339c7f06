"use client";
// Import nodes from an openb node list: check the file (a per-line report and what would be added),
// then import all of it in one go. Nothing is written until the admin confirms a file without problems.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { messageOf } from "@/components/trpc/errors";
import { NodeImportReportView } from "./node-import-report";

/** Checks a node list file, then imports it into the cluster once it has no problems. */
export function NodeImport({ clusterId, clusterName }: { clusterId: string; clusterName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const preview = useMutation(trpc.clusterAdmin.previewImport.mutationOptions());
  const commit = useMutation(trpc.clusterAdmin.importNodes.mutationOptions({ onSuccess: () => router.refresh() }));
  const report = preview.data;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    preview.reset();
    commit.reset();
    setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
  };
  const input = file ? { clusterId, fileName: file.name, csv: file.text } : null;

  return (
    <section aria-labelledby="import-title" className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div>
        <h2 id="import-title" className="font-semibold">
          Import nodes from CSV
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The openb node-list format: a header <code className="font-mono">sn,cpu_milli,memory_mib,gpu,model</code>, then one node per line (CPU in milli-cores,
          memory in MiB, GPU count and the catalog&apos;s model code; empty model for CPU-only nodes). Optional columns{" "}
          <code className="font-mono">rack,switch,pod</code> place each node in the network (topology-aware gangs); without them nodes are racked 16 at a time.
          Every line is checked first; nothing is added unless the whole file is valid.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="node-csv" className="text-sm font-medium text-slate-800">
          Node list file (.csv)
        </label>
        <input
          id="node-csv"
          type="file"
          accept=".csv,text/csv"
          onChange={onFile}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={!input || preview.isPending} onClick={() => input && (commit.reset(), preview.mutate(input))}>
          {preview.isPending ? "Checking…" : "Check file"}
        </Button>
        {report?.ok && !commit.isSuccess && (
          <Button disabled={commit.isPending} onClick={() => input && commit.mutate(input)}>
            {commit.isPending ? "Importing…" : `Import ${formatCount(report.add.nodes)} nodes into ${clusterName}`}
          </Button>
        )}
      </div>
      {preview.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {messageOf(preview.error)}
        </p>
      )}
      {commit.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {messageOf(commit.error)}
        </p>
      )}
      {commit.data && (
        <p role="status" className="rounded-md bg-leaf-50 p-3 text-sm text-leaf-900" data-testid="import-done">
          Imported {formatCount(commit.data.added.nodes)} nodes with {formatCount(commit.data.added.gpus)} GPUs. {clusterName} now has{" "}
          {formatCount(commit.data.nodesAfter)} nodes.
        </p>
      )}
      {report && !commit.isSuccess && <NodeImportReportView report={report} />}
    </section>
  );
}
