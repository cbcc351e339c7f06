"use client";
// The experiments table: status and progress, refreshed every second while any experiment is
// queued or running (then it stops polling).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ExperimentSummary } from "@/server/schemas/experiment";
import { useTRPC } from "@/components/trpc/react";
import { Timestamp } from "@/components/time/timestamp";
import { StatusBadge } from "@/components/ui/status-badge";
import { ProgressBar } from "./progress-bar";
import { wall } from "./experiment-format";

export const isActive = (status: ExperimentSummary["status"]) => status === "QUEUED" || status === "RUNNING";

export function ExperimentList({ initial }: { initial: ExperimentSummary[] }) {
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.experiments.list.queryOptions({ take: 50 }),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.some((e) => isActive(e.status)) ? 1_000 : false),
  });
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        Could not load the experiments: {list.error.message}
      </p>
    );
  const rows = list.data ?? initial;
  if (rows.length === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        No experiments yet.{" "}
        <Link href="/operator/experiments/new" className="font-medium text-leaf-700 underline">
          Start one
        </Link>{" "}
        from a shipped example or your own scenario.
      </p>
    );
  }
  return (
    <div className="relative sm:overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="table-cards min-w-full text-sm">
        <caption className="sr-only">Experiments, newest first</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Progress
            </th>
            <th scope="col" className="px-3 py-2">
              Scenario
            </th>
            <th scope="col" className="px-3 py-2">
              Policies (baseline)
            </th>
            <th scope="col" className="px-3 py-2">
              Started by
            </th>
            <th scope="col" className="px-3 py-2">
              Created
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Wall time
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 align-top" data-testid="experiment-row">
              <td className="px-3 py-2 font-medium">
                <Link href={`/operator/experiments/${e.id}`} className="text-leaf-700 underline">
                  {e.name}
                </Link>
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={e.status} />
              </td>
              <td className="w-40 px-3 py-2">
                {isActive(e.status) ? <ProgressBar value={e.progress} label={`Progress of ${e.name}`} /> : null}
                <span className="text-xs text-slate-600">{e.status === "FAILED" ? e.error : e.progressNote}</span>
              </td>
              <td className="px-3 py-2 text-slate-700">{e.source}</td>
              <td className="px-3 py-2 text-slate-700">
                {e.policies.join(", ")} ({e.baseline})
              </td>
              <td className="px-3 py-2 text-slate-700">{e.createdBy ?? "—"}</td>
              <td className="px-3 py-2 text-slate-700">
                <Timestamp value={e.createdAt} compact />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{wall(e.wallMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
