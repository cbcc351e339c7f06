// The badge under an answer: either the generated words passed the check against the record, or
// Verdant's own template text is shown, with the reason.
import type { AskOutcome } from "@/server/ask/contract";

/** Whether the answer shown is a checked generated text. */
export const isGenerated = (outcome: AskOutcome) => outcome === "passed" || outcome === "regenerated";

/** "checked against the record" or "template text: <why>". */
export function AskOutcomeBadge({ outcome, notice }: { outcome: AskOutcome; notice?: string | undefined }) {
  if (isGenerated(outcome)) {
    return (
      <span
        data-testid="ask-outcome"
        className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200"
      >
        checked against the record{outcome === "regenerated" ? " (second attempt)" : ""}
      </span>
    );
  }
  return (
    <span data-testid="ask-outcome" className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
      template text: {notice ?? "no generated answer"}
    </span>
  );
}
