"use client";
// Each scenario choice is loaded once on the server (nothing stored) to show what it holds; its
// policies then fill the form (all ticked, the scenario's baseline chosen, a name if none was typed).
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ScenarioInput } from "@/server/schemas/experiment";
import { useTRPC } from "@/components/trpc/react";
import type { ExperimentFormApi } from "./experiment-form-types";

/** Inspects `scenario` whenever `scenarioKey` changes; answers the inspect mutation (data, error, pending). */
export function useScenarioInspection(form: ExperimentFormApi, scenario: ScenarioInput | null, scenarioKey: string) {
  const trpc = useTRPC();
  const inspect = useMutation(
    trpc.experiments.inspect.mutationOptions({
      onSuccess: (summary) => {
        form.setValue(
          "policies",
          summary.policies.map((p) => p.name),
        );
        form.setValue("baseline", summary.baseline);
        if (!form.getValues("name")) form.setValue("name", `${summary.name} (${summary.policies.length} policies)`);
      },
    }),
  );
  const { mutate: inspectScenario, reset: resetInspect } = inspect;
  useEffect(() => {
    // Load the newly chosen scenario once (the key changes only when the choice does).
    if (scenario) inspectScenario(scenario);
    else resetInspect();
  }, [scenarioKey, inspectScenario, resetInspect]);
  return inspect;
}
