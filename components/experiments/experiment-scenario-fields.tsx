"use client";
// The "Scenario" fieldset: a shipped example or an uploaded scenario (JSON plus optional CSV files),
// then what the loaded scenario holds, or why it could not be loaded.
import { useWatch } from "react-hook-form";
import { Field, Select } from "@/components/ui/field";
import { count } from "./experiment-format";
import type { Example, ExperimentFormApi, ScenarioSummaryView } from "./experiment-form-types";
import type { useScenarioUpload } from "./use-scenario-upload";

function ExampleField({ form, examples, error }: { form: ExperimentFormApi; examples: Example[]; error?: string }) {
  const exampleFile = useWatch({ control: form.control, name: "exampleFile" });
  return (
    <Field id="example" label="Example" hint={examples.find((e) => e.file === exampleFile)?.description ?? undefined} error={error}>
      {examples.length === 0 ? (
        <p className="text-sm text-slate-600">No example scenarios are shipped in examples/.</p>
      ) : (
        <Select id="example" {...form.register("exampleFile")}>
          {examples.map((e) => (
            <option key={e.file} value={e.file}>
              {e.name} ({e.file})
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function UploadFields({ upload, onScenarioFile, onCsvFiles }: ReturnType<typeof useScenarioUpload>) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id="scenario-json" label="Scenario file (JSON)" hint="The same format as npm run sim -- --scenario (examples/README.md).">
        <input id="scenario-json" type="file" accept=".json,application/json" className="text-sm" onChange={(e) => void onScenarioFile(e.target.files?.[0])} />
      </Field>
      <Field
        id="scenario-csv"
        label="CSV files it names (optional)"
        hint="Plain CSV; matched to the scenario's paths by file name. Unlisted paths read the shipped data/ folder."
      >
        <input
          id="scenario-csv"
          type="file"
          accept=".csv,text/csv"
          multiple
          disabled={!upload}
          className="text-sm"
          onChange={(e) => void onCsvFiles(e.target.files)}
        />
      </Field>
      {upload && upload.files.length > 0 && <p className="text-xs text-slate-600 sm:col-span-2">Uploaded as: {upload.files.map((f) => f.path).join(", ")}</p>}
    </div>
  );
}

function ScenarioStatus({ pending, error, summary }: { pending: boolean; error?: string; summary?: ScenarioSummaryView }) {
  return (
    <div aria-live="polite" className="text-sm">
      {pending && <p className="text-slate-600">Loading the scenario…</p>}
      {error && (
        <p role="alert" className="font-medium text-red-700" data-testid="scenario-error">
          {error}
        </p>
      )}
      {summary && !pending && (
        <p className="text-slate-700" data-testid="scenario-summary">
          <strong>{summary.name}</strong>: {summary.clusters} clusters ({count(summary.gpus)} GPUs) in {summary.zones.join(", ")}; {count(summary.jobs)} jobs
          over {((summary.endMs - summary.startMs) / 86_400_000).toFixed(1)} days; seed {summary.seed}.
        </p>
      )}
    </div>
  );
}

/** Where the scenario comes from, and what it holds once loaded. */
export function ExperimentScenarioFields(props: {
  form: ExperimentFormApi;
  examples: Example[];
  upload: ReturnType<typeof useScenarioUpload>;
  errors: Record<string, string>;
  scenarioError?: string;
  inspect: { isPending: boolean; data?: ScenarioSummaryView };
}) {
  const { form, examples, upload, errors, scenarioError, inspect } = props;
  const source = useWatch({ control: form.control, name: "source" });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-base font-semibold">Scenario</legend>
      <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label="Scenario source">
        <label className="flex items-center gap-2">
          <input type="radio" value="example" {...form.register("source")} /> A shipped example
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="upload" {...form.register("source")} /> Upload a scenario
        </label>
      </div>
      {source === "example" ? <ExampleField form={form} examples={examples} error={errors["scenario.file"]} /> : <UploadFields {...upload} />}
      <ScenarioStatus pending={inspect.isPending} error={scenarioError} summary={inspect.data} />
    </fieldset>
  );
}
