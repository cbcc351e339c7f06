// One page of savings-ledger entries: where the job ran, its baseline (the cluster, or the mix with
// its range), actual, baseline and saved emissions, and the method that computed the baseline.
import Link from "next/link";
import type { RouterOutputs } from "@/components/trpc/router-types";
import { Timestamp } from "@/components/time/timestamp";
import { formatEmissions } from "@/components/ui/format";
import { ledgerMethodInfo } from "./ledger-methods";

type Entry = RouterOutputs["carbon"]["ledger"]["entries"][number];
const HEADERS = ["Job", "Tenant", "Finished", "Ran on", "Baseline", "Actual", "Baseline", "Saved", "Method"];
const NUMERIC = new Set([5, 6, 7]);

/** Where the baseline would have run: the named cluster, or the mix and its range. */
function BaselineWhere({ e }: { e: Entry }) {
  const mixed = e.baselineCandidates !== null;
  return (
    <>
      {mixed ? `mix of ${e.baselineCandidates} ${e.baselineCandidates === 1 ? "cluster" : "clusters"}` : (e.baselineClusterName ?? "—")}
      {e.baselineStartAt && (
        <span className="block text-xs text-slate-600">
          start <Timestamp value={e.baselineStartAt} compact />
        </span>
      )}
    </>
  );
}

/** The baseline figure with its range when the method mixes clusters. */
function BaselineFigure({ e }: { e: Entry }) {
  return (
    <>
      {formatEmissions(e.baselineGCo2e)}
      {e.baselineMinGCo2e !== null && e.baselineMaxGCo2e !== null && (
        <span className="block text-xs text-slate-600" data-testid="ledger-row-range">
          {formatEmissions(e.baselineMinGCo2e)} – {formatEmissions(e.baselineMaxGCo2e)}
        </span>
      )}
    </>
  );
}

/** The entries table (newest first). */
export function LedgerEntriesTable({ entries }: { entries: Entry[] }) {
  return (
    <div className="relative sm:overflow-x-auto">
      <table className="table-cards min-w-full text-sm">
        <caption className="sr-only">Savings ledger entries, newest first</caption>
        <thead className="text-left text-xs uppercase text-slate-600">
          <tr>
            {HEADERS.map((h, i) => (
              <th key={i} scope="col" className={`py-1 pr-3 ${NUMERIC.has(i) ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 align-top" data-testid="ledger-row">
              <td className="py-1 pr-3">
                {e.decisionId ? (
                  <Link href={`/decisions/${e.decisionId}`} className="font-medium text-leaf-700 underline">
                    {e.jobName}
                  </Link>
                ) : (
                  e.jobName
                )}
              </td>
              <td className="py-1 pr-3">{e.tenantName}</td>
              <td className="whitespace-nowrap py-1 pr-3">
                <Timestamp value={e.finishedAt ?? e.day} compact />
              </td>
              <td className="py-1 pr-3">{e.clusterName}</td>
              <td className="py-1 pr-3">
                <BaselineWhere e={e} />
              </td>
              <td className="py-1 pr-3 text-right tabular-nums">{formatEmissions(e.actualGCo2e)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">
                <BaselineFigure e={e} />
              </td>
              <td className={`py-1 pr-3 text-right tabular-nums ${e.savedGCo2e < 0 ? "text-red-700" : "text-leaf-700"}`}>{formatEmissions(e.savedGCo2e)}</td>
              <td className="py-1 text-xs" data-testid="ledger-row-method">
                {ledgerMethodInfo(e.method).label}
                <span className="block font-mono text-slate-600">{e.method}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
