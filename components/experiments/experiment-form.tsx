"use client";
// The "new experiment" form: a shipped example or an uploaded scenario (JSON plus optional CSV
// files). Each scenario choice is loaded once on the server (nothing stored) to show what it holds
// and offer its policies; starting validates again and opens the experiment's page.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import type { ScenarioInput } from "@/server/schemas/experiment";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field, Input, Select } from "@/components/ui/field";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { count } from "./experiment-format";
import { readText, scenarioPathFor } from "./upload-files";

type Example = { file: string; name: string; description: string | null };
type Upload = { fileName: string; json: string; files: { path: string; content: string }[] };

export function ExperimentForm({ examples }: { examples: Example[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [kind, setKind] = useState<"example" | "upload">("example");
  const [exampleFile, setExampleFile] = useState(examples[0]?.file ?? "");
  const [upload, setUpload] = useState<Upload | null>(null);
  const [name, setName] = useState("");
  const [policies, setPolicies] = useState<string[]>([]);
  const [baseline, setBaseline] = useState("");
  const inspect = useMutation(
    trpc.experiments.inspect.mutationOptions({
      onSuccess: (summary) => {
        setPolicies(summary.policies.map((p) => p.name));
        setBaseline(summary.baseline);
        setName((n) => n || `${summary.name} (${summary.policies.length} policies)`);
      },
    }),
  );
  const start = useMutation(trpc.experiments.start.mutationOptions({ onSuccess: ({ id }) => router.push(`/operator/experiments/${id}`) }));

  const scenario: ScenarioInput | null =
    kind === "example" ? (exampleFile ? { kind: "example", file: exampleFile } : null) : upload ? { kind: "upload", ...upload } : null;
  const scenarioKey = JSON.stringify(kind === "example" ? exampleFile : [upload?.fileName, upload?.json.length, upload?.files.map((f) => f.path)]);
  const { mutate: inspectScenario, reset: resetInspect } = inspect;
  useEffect(() => {
    // Load the newly chosen scenario once (the key changes only when the choice does).
    if (scenario) inspectScenario(scenario);
    else resetInspect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scenarioKey, inspectScenario, resetInspect]);

  const onScenarioFile = async (file: File | undefined) => {
    if (!file) return setUpload(null);
    const json = await readText(file);
    setUpload((u) => ({
      fileName: file.name,
      json,
      files: (u?.files ?? []).map((f) => ({ ...f, path: scenarioPathFor(f.path.split("/").pop() ?? f.path, json) })),
    }));
  };
  const onCsvFiles = async (list: FileList | null) => {
    const files = await Promise.all([...(list ?? [])].map(async (f) => ({ path: scenarioPathFor(f.name, upload?.json ?? null), content: await readText(f) })));
    setUpload((u) => (u ? { ...u, files } : u));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!scenario) return;
    start.mutate({ name: name.trim(), scenario, policies, baseline });
  };

  const errors = { ...fieldErrorsOf(inspect.error), ...fieldErrorsOf(start.error) };
  const scenarioError =
    errors.scenario ??
    errors["scenario.file"] ??
    errors["scenario.json"] ??
    errors["scenario.files"] ??
    (inspect.error && !Object.keys(fieldErrorsOf(inspect.error)).length ? messageOf(inspect.error) : undefined);
  const summary = inspect.data;
  const canStart = !!scenario && !!summary && policies.length > 0 && policies.includes(baseline) && !start.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-semibold">Scenario</legend>
        <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label="Scenario source">
          <label className="flex items-center gap-2">
            <input type="radio" name="source" checked={kind === "example"} onChange={() => setKind("example")} /> A shipped example
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="source" checked={kind === "upload"} onChange={() => setKind("upload")} /> Upload a scenario
          </label>
        </div>
        {kind === "example" ? (
          <Field id="example" label="Example" hint={examples.find((e) => e.file === exampleFile)?.description ?? undefined} error={errors["scenario.file"]}>
            {examples.length === 0 ? (
              <p className="text-sm text-slate-600">No example scenarios are shipped in examples/.</p>
            ) : (
              <Select id="example" value={exampleFile} onChange={(e) => setExampleFile(e.target.value)}>
                {examples.map((e) => (
                  <option key={e.file} value={e.file}>
                    {e.name} ({e.file})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="scenario-json" label="Scenario file (JSON)" hint="The same format as npm run sim -- --scenario (examples/README.md).">
              <input
                id="scenario-json"
                type="file"
                accept=".json,application/json"
                className="text-sm"
                onChange={(e) => void onScenarioFile(e.target.files?.[0])}
              />
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
            {upload && upload.files.length > 0 && (
              <p className="text-xs text-slate-600 sm:col-span-2">Uploaded as: {upload.files.map((f) => f.path).join(", ")}</p>
            )}
          </div>
        )}
        <div aria-live="polite" className="text-sm">
          {inspect.isPending && <p className="text-slate-600">Loading the scenario…</p>}
          {scenarioError && (
            <p role="alert" className="font-medium text-red-700" data-testid="scenario-error">
              {scenarioError}
            </p>
          )}
          {summary && !inspect.isPending && (
            <p className="text-slate-700" data-testid="scenario-summary">
              <strong>{summary.name}</strong>: {summary.clusters} clusters ({count(summary.gpus)} GPUs) in {summary.zones.join(", ")}; {count(summary.jobs)}{" "}
              jobs over {((summary.endMs - summary.startMs) / 86_400_000).toFixed(1)} days; seed {summary.seed}.
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!summary}>
        <legend className="mb-2 text-base font-semibold">Policies</legend>
        <CheckboxGroup
          id="policies"
          label="Policies to compare"
          emptyMeaning="nothing to run"
          options={(summary?.policies ?? []).map((p) => ({ value: p.name, label: `${p.label} (${p.name})` }))}
          selected={policies}
          onChange={setPolicies}
          error={errors.policies}
          loading={inspect.isPending}
        />
        <Field id="baseline" label="Baseline" hint="Savings and waiting cost are measured against it." error={errors.baseline}>
          <Select id="baseline" value={baseline} onChange={(e) => setBaseline(e.target.value)} invalid={!!errors.baseline}>
            {policies.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="experiment-name" label="Experiment name" error={errors.name}>
          <Input id="experiment-name" value={name} onChange={(e) => setName(e.target.value)} invalid={!!errors.name} maxLength={120} />
        </Field>
      </fieldset>

      {start.error && !Object.keys(fieldErrorsOf(start.error)).length && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {messageOf(start.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={!canStart}>
          {start.isPending ? "Starting…" : "Start experiment"}
        </Button>
      </div>
    </form>
  );
}
