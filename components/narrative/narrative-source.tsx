// Where the narrative's words came from: a generated text whose every number, name and time was
// checked against the week's facts, or the template (and why: no model, a failed check, the model down).
import type { AskOutcome } from "@/server/ask/contract";

/** One line under the narrative saying how it was written. */
export function NarrativeSource({
  outcome,
  generated,
  model,
  notice,
}: {
  outcome: AskOutcome;
  generated: boolean;
  model: string | null;
  notice: string | null;
}) {
  if (generated)
    return (
      <p className="text-xs text-slate-500" data-testid="narrative-source">
        Written by {model} from the week&apos;s facts; every number, name and time was checked against them
        {outcome === "regenerated" ? " (its first draft failed the check and was written again)" : ""}.
      </p>
    );
  return (
    <p className="text-xs text-slate-500" data-testid="narrative-source">
      Template text from the week&apos;s facts.{notice ? ` ${notice}` : ""}
    </p>
  );
}
