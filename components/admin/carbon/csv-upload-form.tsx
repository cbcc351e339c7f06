"use client";
// Upload an hourly Electricity Maps CSV (plain or .gz) into one zone. All or nothing: any bad line
// means nothing is written, and the report lists every line's problem.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { formatCount } from "@/components/ui/format";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";

async function readUpload(file: File): Promise<{ encoding: "text" | "gzip-base64"; content: string }> {
  if (!/\.gz$/i.test(file.name)) return { encoding: "text", content: await file.text() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { encoding: "gzip-base64", content: btoa(binary) };
}

export function CsvUploadForm({ zones, onImported }: { zones: CarbonSettings["zones"]; onImported: () => void }) {
  const trpc = useTRPC();
  const [zoneId, setZoneId] = useState(zones[0]?.id ?? "");
  const [fileZoneId, setFileZoneId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation(trpc.carbonAdmin.importCsv.mutationOptions({ onSuccess: (r) => r.written && onImported() }));
  const errors = fieldErrorsOf(upload.error);
  const zone = zones.find((z) => z.id === zoneId);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setFileError("Choose a .csv or .csv.gz file");
    setFileError(null);
    upload.mutate({ zoneId, fileName: file.name, fileZoneId, ...(await readUpload(file)) });
  };
  const r = upload.data;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <Field
          id="csv-zone"
          label="Grid zone"
          hint={zone ? `Reads the ${zone.emissionFactorType === "LIFECYCLE" ? "LCA (lifecycle)" : "direct"} column, matching the zone.` : undefined}
          error={errors.zoneId}
        >
          <Select id="csv-zone" value={zoneId} onChange={(e) => setZoneId(e.target.value)} invalid={!!errors.zoneId}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.id} · {z.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="csv-file" label="Hourly CSV (Electricity Maps format, .csv or .csv.gz)" error={fileError ?? errors.content ?? errors.fileName}>
          <input
            id="csv-file"
            name="csv-file"
            type="file"
            accept=".csv,.gz,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm"
            aria-invalid={!!(fileError ?? errors.content) || undefined}
          />
        </Field>
        <Field
          id="csv-file-zone"
          label="Zone Id in the file, if spelled differently (optional)"
          hint="e.g. DE-LU for DE; empty = the zone's own id"
          error={errors.fileZoneId}
        >
          <Input id="csv-file-zone" value={fileZoneId} onChange={(e) => setFileZoneId(e.target.value)} invalid={!!errors.fileZoneId} />
        </Field>
        {upload.error && Object.keys(errors).length === 0 && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            {messageOf(upload.error)}
          </p>
        )}
        <div>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? "Checking and importing…" : "Validate and import"}
          </Button>
        </div>
      </form>
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
            Imported {upload.variables?.fileName} into {r.zoneId}: {formatCount(r.validSamples)} hours ({formatCount(r.inserted)} new, {formatCount(r.updated)}{" "}
            replaced) from {formatCount(r.dataLines)} lines.
          </p>
        )}
        {r && !r.written && (
          <div className="mt-1 flex flex-col gap-2">
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              Nothing was imported:{" "}
              {r.issues.length === 0 ? "the file has no data lines" : `${formatCount(r.issues.length)} of ${formatCount(r.dataLines)} lines have problems`}. Fix
              them and upload again.
            </p>
            {r.issues.length > 0 && (
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
                  {r.issues.slice(0, 200).map((i, n) => (
                    <tr key={n} className="border-t border-slate-100 align-top" data-testid="csv-issue">
                      <td className="pr-3 font-mono">{i.line}</td>
                      <td className="pr-3 text-xs">{i.column ?? "whole line"}</td>
                      <td>{i.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {r.issues.length > 200 && <p className="text-xs text-slate-600">…and {formatCount(r.issues.length - 200)} more.</p>}
          </div>
        )}
      </section>
    </div>
  );
}
