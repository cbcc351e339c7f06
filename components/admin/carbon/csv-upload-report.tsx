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
/**
 * Why nothing was imported, counted honestly: "2 of 48 lines have problems", "1 line has a problem",
 * or, when the file itself is unreadable (no header, say), "the file has 1 problem" rather than "1 of 0 lines".
 */
export function csvProblemSummary(problems: number, dataLines: number): string {
  if (problems === 0) return "the file has no data lines";
  const p = `${formatCount(problems)} ${problems === 1 ? "problem" : "problems"}`;
  if (dataLines === 0 || problems > dataLines) return `the file has ${p}`;
  if (problems === dataLines) return dataLines === 1 ? "its only line has a problem" : `all ${formatCount(dataLines)} lines have problems`;
  return `${formatCount(problems)} of ${formatCount(dataLines)} lines ${problems === 1 ? "has a problem" : "have problems"}`;
}

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
            Nothing was imported: {csvProblemSummary(r.issues.length, r.dataLines)}. Fix them and upload again.
          </p>
          <IssueTable issues={r.issues} />
          {r.issues.length > SHOWN && <p className="text-xs text-slate-600">…and {formatCount(r.issues.length - SHOWN)} more.</p>}
        </div>
      )}
    </section>
  );
}
