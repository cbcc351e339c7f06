/**
 * Resolves the scenario's policy list into SimPolicy values: a preset name, a preset with inline
 * overrides, or a complete inline coordinator policy (the same object the Policy table stores). Each
 * is validated with the engine's own policy schema, and its in-cluster policy must be a built-in.
 */
import { coordinatorPolicySchema, findBuiltinPolicy, type CoordinatorPolicy } from "../engine";
import type { SimPolicy } from "../engine";
import { scenarioErrorFromZod, ScenarioError } from "./errors";
import type { Scenario } from "./schema";

/** Looks a preset up by name: the policy, or undefined when no preset has that name. */
export interface PresetCatalog {
  readonly names: readonly string[];
  readonly find: (name: string) => SimPolicy | undefined;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function preset(catalog: PresetCatalog, name: string, field: string): SimPolicy {
  const found = catalog.find(name);
  if (!found) throw new ScenarioError(field, `unknown preset "${name}"; known presets: ${catalog.names.join(", ")}`);
  return found;
}

/** The scenario's policies, in order, with unique names; the baseline must be one of them. */
export function resolvePolicies(scenario: Scenario, catalog: PresetCatalog): SimPolicy[] {
  const out: SimPolicy[] = [];
  scenario.policies.forEach((spec, i) => {
    const field = `policies[${i}]`;
    let policy: SimPolicy;
    if (typeof spec === "string") {
      policy = preset(catalog, spec, field);
    } else {
      const base = spec.preset !== undefined ? preset(catalog, spec.preset, `${field}.preset`) : undefined;
      if (!base && spec.policy === undefined) throw new ScenarioError(field, `needs "preset" (one of ${catalog.names.join(", ")}) or an inline "policy"`);
      if (spec.policy !== undefined && !isObject(spec.policy)) throw new ScenarioError(`${field}.policy`, "must be an object");
      const inline: Json = (spec.policy as Json | undefined) ?? {};
      const from: Partial<CoordinatorPolicy> = base?.policy ?? {};
      const merged = {
        name: spec.name,
        version: 1,
        ...from,
        ...inline,
        objectiveWeights: { ...from.objectiveWeights, ...(isObject(inline.objectiveWeights) ? inline.objectiveWeights : {}) },
        constraints: { ...from.constraints, ...(isObject(inline.constraints) ? inline.constraints : {}) },
      };
      const parsed = coordinatorPolicySchema.safeParse(merged, { reportInput: true });
      if (!parsed.success) throw scenarioErrorFromZod(parsed.error, ["policies", i, "policy"]);
      policy = { name: spec.name, label: spec.label ?? base?.label ?? spec.name, policy: parsed.data };
    }
    if (!findBuiltinPolicy(policy.policy.inClusterPolicy)) {
      throw new ScenarioError(`${field}.policy.inClusterPolicy`, `unknown in-cluster policy "${policy.policy.inClusterPolicy}"`);
    }
    if (out.some((p) => p.name === policy.name)) throw new ScenarioError(field, `the name "${policy.name}" is used twice; give each policy its own name`);
    out.push(policy);
  });
  if (!out.some((p) => p.name === scenario.baseline)) {
    throw new ScenarioError("baseline", `"${scenario.baseline}" is not one of the policies (${out.map((p) => p.name).join(", ")})`);
  }
  return out;
}
