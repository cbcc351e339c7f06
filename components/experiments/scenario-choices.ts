// What a freshly inspected scenario changes in the form, without overriding the person: policies they
// unticked stay unticked, and a name they typed stays; only what Verdant filled in itself is replaced.

export interface ScenarioChoices {
  name: string;
  policies: string[];
}

/** What Verdant itself last wrote into the form (empty before the first summary). */
export const NOTHING_FILLED: ScenarioChoices = { name: "", policies: [] };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The name and policies after a summary of `summary.name` with `summary.policies` arrives. The name is
 * replaced when empty or still the one Verdant filled in (so choosing another example renames the run);
 * the policies are all ticked unless the person changed the ticks since, in which case their choice is
 * kept (limited to the policies this scenario has, all of them if none remain).
 */
export function choicesAfterSummary(
  current: ScenarioChoices,
  filled: ScenarioChoices,
  summary: { name: string; policies: readonly string[] },
): ScenarioChoices {
  const all = [...summary.policies];
  const autoName = `${summary.name} (${all.length} ${all.length === 1 ? "policy" : "policies"})`;
  const name = current.name.trim() === "" || current.name === filled.name ? autoName : current.name;
  const edited = !sameSet(current.policies, filled.policies);
  const kept = current.policies.filter((p) => all.includes(p));
  return { name, policies: edited && kept.length > 0 ? kept : all };
}
