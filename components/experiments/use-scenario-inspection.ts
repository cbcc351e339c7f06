"use client";
// Each scenario choice is loaded once on the server (nothing stored) to show what it holds; its
// policies then fill the form (all ticked, the scenario's baseline chosen, a name if none was typed),
// without undoing what the person changed meanwhile (scenario-choices.ts).
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ScenarioInput } from "@/server/schemas/experiment";
import { useTRPC } from "@/components/trpc/react";
import type { ExperimentFormApi } from "./experiment-form-types";
import { choicesAfterSummary, NOTHING_FILLED, type ScenarioChoices } from "./scenario-choices";

/** Inspects `scenario` whenever `scenarioKey` changes; answers the inspect mutation (data, error, pending). */
export function useScenarioInspection(form: ExperimentFormApi, scenario: ScenarioInput | null, scenarioKey: string) {
  const trpc = useTRPC();
  const filled = useRef<ScenarioChoices>(NOTHING_FILLED);
  const inspect = useMutation(trpc.experiments.inspect.mutationOptions());
  const { mutate: inspectScenario, reset: resetInspect } = inspect;
  useEffect(() => {
    // Load the newly chosen scenario once (the key changes only when the choice does). A per-call
    // onSuccess runs for the latest call only, so a slow answer for an earlier choice changes nothing.
    if (scenario)
      inspectScenario(scenario, {
        onSuccess: (summary) => {
          const current = { name: form.getValues("name") ?? "", policies: form.getValues("policies") ?? [] };
          const next = choicesAfterSummary(current, filled.current, { name: summary.name, policies: summary.policies.map((p) => p.name) });
          filled.current = next;
          form.setValue("policies", next.policies);
          form.setValue("baseline", next.policies.includes(summary.baseline) ? summary.baseline : (next.policies[0] ?? ""));
          form.setValue("name", next.name);
        },
      });
    else resetInspect();
    // scenario is derived from the key; re-running on its identity would re-inspect every render.
  }, [scenarioKey, inspectScenario, resetInspect]);
  return inspect;
}
