// The narrative's sentences, each followed by links to a few of the decisions it rests on ("and N
// more" for the rest), so every claim can be traced to a decision page.
import Link from "next/link";
import type { NarrativeSentence } from "@/server/ask/narrative/facts";

/** How many decision links a sentence shows. */
export const LINKS_SHOWN = 3;

/** The sentences as a list with their decision links. */
export function NarrativeSentences({ sentences }: { sentences: NarrativeSentence[] }) {
  return (
    <ol className="flex flex-col gap-2 text-sm leading-relaxed text-slate-800">
      {sentences.map((s, i) => {
        const shown = s.decisionIds.slice(0, LINKS_SHOWN);
        const more = Math.max(0, s.decisionCount - shown.length);
        return (
          <li key={i} data-testid="narrative-sentence" data-fact={s.factId ?? ""}>
            {s.text}
            {shown.length > 0 && (
              <span className="ml-1 text-xs text-slate-500">
                {" "}
                (decisions{" "}
                {shown.map((id, k) => (
                  <span key={id}>
                    {k > 0 && ", "}
                    <Link
                      href={`/decisions/${id}`}
                      className="text-leaf-700 underline"
                      data-testid="narrative-link"
                      aria-label={`Decision ${k + 1} behind this sentence`}
                    >
                      {k + 1}
                    </Link>
                  </span>
                ))}
                {more > 0 && ` and ${more.toLocaleString("en-US")} more`})
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
