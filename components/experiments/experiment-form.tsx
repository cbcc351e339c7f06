"use client";
// The "new experiment" form: a shipped example or an uploaded scenario (JSON plus optional CSV
// files). Each scenario choice is loaded once on the server (nothing stored) to show what it holds
// and offer its policies; starting validates again and opens the experiment's page. react-hook-form
// holds the choices and checks name, policies and baseline with the server's own schema.
import { useMutation } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import type { ScenarioInput } from "@/server/schemas/experiment";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc/react";
import { fieldErrorsOf, messageOf } from "@/components/trpc/errors";
import { fieldErrorMessages } from "@/components/forms/field-error-messages";
import { experimentFormSchema, type Example, type ExperimentFormApi, type ScenarioUpload } from "./experiment-form-types";
import { ExperimentPolicyFields } from "./experiment-policy-fields";
import { ExperimentScenarioFields } from "./experiment-scenario-fields";
import { useScenarioInspection } from "./use-scenario-inspection";
import { useScenarioUpload } from "./use-scenario-upload";

/** The scenario the choices name (null while nothing usable is chosen) and a key that changes only with the choice. */
function scenarioOf(source: "example" | "upload", exampleFile: string, upload: ScenarioUpload | null) {
  const scenario: ScenarioInput | null =
    source === "example" ? (exampleFile ? { kind: "example", file: exampleFile } : null) : upload ? { kind: "upload", ...upload } : null;
  const key = JSON.stringify(source === "example" ? exampleFile : [upload?.fileName, upload?.json.length, upload?.files.map((f) => f.path)]);
  return { scenario, key };
}

/** Chooses a scenario and its policies, then starts the experiment. */
export function ExperimentForm({ examples }: { examples: Example[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const form: ExperimentFormApi = useForm({
    resolver: zodResolver(experimentFormSchema),
    defaultValues: { source: "example", exampleFile: examples[0]?.file ?? "", name: "", policies: [], baseline: "" },
  });
  const upload = useScenarioUpload();
  const [source, exampleFile, policies, baseline] = useWatch({ control: form.control, name: ["source", "exampleFile", "policies", "baseline"] });
  const { scenario, key } = scenarioOf(source, exampleFile, upload.upload);
  const inspect = useScenarioInspection(form, scenario, key);
  const start = useMutation(trpc.experiments.start.mutationOptions({ onSuccess: ({ id }) => router.push(`/operator/experiments/${id}`) }));
  const onSubmit = form.handleSubmit((values) => {
    if (scenario) start.mutate({ name: values.name, scenario, policies: values.policies, baseline: values.baseline });
  });

  const errors = { ...fieldErrorsOf(inspect.error), ...fieldErrorsOf(start.error), ...fieldErrorMessages(form.formState.errors, { topLevel: true }) };
  const scenarioError =
    errors.scenario ??
    errors["scenario.file"] ??
    errors["scenario.json"] ??
    errors["scenario.files"] ??
    (inspect.error && !Object.keys(fieldErrorsOf(inspect.error)).length ? messageOf(inspect.error) : undefined);
  const canStart = !!scenario && !!inspect.data && policies.length > 0 && policies.includes(baseline) && !start.isPending;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-3xl gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <ExperimentScenarioFields form={form} examples={examples} upload={upload} errors={errors} scenarioError={scenarioError} inspect={inspect} />
      <ExperimentPolicyFields form={form} errors={errors} summary={inspect.data} loading={inspect.isPending} />
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
