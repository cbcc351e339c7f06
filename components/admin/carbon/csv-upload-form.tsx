"use client";
// Upload an hourly Electricity Maps CSV (plain or .gz) into one zone. All or nothing: any bad line
// means nothing is written, and the report lists every line's problem. react-hook-form holds the
// zone, the file and the file's zone spelling, checked with the upload schema's own field rules.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { csvUploadSchema } from "@/server/schemas/carbon-admin";
import type { CarbonSettings } from "@/server/services/carbon-admin-service";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { CsvUploadReport } from "./csv-upload-report";
import { readUpload } from "./read-upload";

const CHOOSE_FILE = "Choose a .csv or .csv.gz file";
/** The inputs: the zone and file-zone rules are the server's; the file is read only once it is chosen. */
const schema = csvUploadSchema.pick({ zoneId: true, fileZoneId: true }).extend({
  // A FileList (checked by shape: FileList does not exist where the page is rendered on the server).
  files: z.custom<FileList>((v) => typeof v === "object" && v !== null && (v as FileList).length > 0, CHOOSE_FILE),
});

/** The upload form and its report; `onImported` runs after a file was written. */
export function CsvUploadForm({ zones, onImported }: { zones: CarbonSettings["zones"]; onImported: () => void }) {
  const trpc = useTRPC();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { zoneId: zones[0]?.id ?? "", fileZoneId: "" },
  });
  const upload = useMutation(trpc.carbonAdmin.importCsv.mutationOptions({ onSuccess: (r) => r.written && onImported() }));
  const errors = { ...fieldErrorsOf(upload.error), ...fieldErrorMessages(form.formState.errors) };
  const zoneId = useWatch({ control: form.control, name: "zoneId" });
  const zone = zones.find((z) => z.id === zoneId);
  // Runs only once the schema accepts the input; a refused input shows its messages instead.
  const onSubmit = form.handleSubmit(async ({ zoneId, fileZoneId, files }) => {
    const file = files[0]!;
    upload.mutate({ zoneId, fileName: file.name, fileZoneId, ...(await readUpload(file)) });
  });
  const fileError = errors.files ?? errors.content ?? errors.fileName;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
        <Field
          id="csv-zone"
          label="Grid zone"
          hint={zone ? `Reads the ${zone.emissionFactorType === "LIFECYCLE" ? "LCA (lifecycle)" : "direct"} column, matching the zone.` : undefined}
          error={errors.zoneId}
        >
          <Select id="csv-zone" {...form.register("zoneId")} invalid={!!errors.zoneId}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.id} · {z.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="csv-file" label="Hourly CSV (Electricity Maps format, .csv or .csv.gz)" error={fileError}>
          <input id="csv-file" type="file" accept=".csv,.gz,text/csv" {...form.register("files")} className="text-sm" aria-invalid={!!fileError || undefined} />
        </Field>
        <Field
          id="csv-file-zone"
          label="Zone Id in the file, if spelled differently (optional)"
          hint="e.g. DE-LU for DE; empty = the zone's own id"
          error={errors.fileZoneId}
        >
          <Input id="csv-file-zone" {...form.register("fileZoneId")} invalid={!!errors.fileZoneId} />
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
      <CsvUploadReport result={upload.data} fileName={upload.variables?.fileName} />
    </div>
  );
}
