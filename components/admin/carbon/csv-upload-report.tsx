// The validation report beside the carbon CSV upload: what was imported, or every bad line with its
// column and problem (nothing is written when any line is bad).
import { formatCount } from "@/components/ui/format";
import type { RouterOutputs } from "@/components/trpc/router-types";

/** What `carbonAdmin.importCsv` answers. */
export type CsvImportResult = RouterOutputs["carbonAdmin"]["importCsv"];

const SHOWN = 200;

function IssueTable({ issues }: { issues: CsvImportResult["issues"] }) {
  if (issues.length === 0) return null;
  return (
    <table className="min-w-full text-sm">
      <caption className="sr-only">Problems by line</caption>
      <thead className="text-left text-xs uppercase text-slate-600">
        <tr>
          <th scope="col" className="pr-3">
            Line
          </th>
          <th scope="col" className="pr-3">
            Column
          </th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {issues.slice(0, SHOWN).map((i, n) => (
          <tr key={n} className="border-t border-slate-100 align-top" data-testid="csv-issue">
            <td className="pr-3 font-mono">{i.line}</td>
            <td className="pr-3 text-xs">{i.column ?? "whole line"}</td>
            <td>{i.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The report of the last upload (`result`), or what the check does before any upload. */
export function CsvUploadReport({ result: r, fileName }: { result: CsvImportResult | undefined; fileName: string | undefined }) {
  return (
    <section aria-live="polite" aria-labelledby="csv-report-title" data-testid="csv-report">
      <h3 id="csv-report-title" className="text-sm font-semibold">
        Validation report
      </h3>
      {!r && (
        <p className="mt-1 text-sm text-slate-600">
          Every line is checked before anything is written. With any bad line, nothing is imported and each problem is listed with its line number.
        </p>
      )}
      {r && r.written && (
        <p role="status" className="mt-1 rounded-md bg-leaf-50 p-2 text-sm text-leaf-900">
          Imported {fileName} into {r.zoneId}: {formatCount(r.validSamples)} hours ({formatCount(r.inserted)} new, {formatCount(r.updated)} replaced) from{" "}
          {formatCount(r.dataLines)} lines.
        </p>
      )}
      {r && !r.written && (
        <div className="mt-1 flex flex-col gap-2">
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            Nothing was imported:{" "}
            {r.issues.length === 0 ? "the file has no data lines" : `${formatCount(r.issues.length)} of ${formatCount(r.dataLines)} lines have problems`}. Fix
            them and upload again.
          </p>
          <IssueTable issues={r.issues} />
          {r.issues.length > SHOWN && <p className="text-xs text-slate-600">…and {formatCount(r.issues.length - SHOWN)} more.</p>}
        </div>
      )}
    </section>
  );
}
