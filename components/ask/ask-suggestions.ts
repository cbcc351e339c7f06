// Three questions offered under the Ask box, per subject: they cover what the record answers best
// (why this option, why the wait, what a change would do), so a first question needs no typing.

/** The suggested questions for a decision or a job. */
export function askSuggestions(kind: "decision" | "job"): [string, string, string] {
  return kind === "decision"
    ? ["Why was this cluster chosen over the others?", "Why did it not start at the earliest moment?", "What if the job could run on any GPU model?"]
    : ["Why is my job waiting, and until when?", "Where will it run and what will it emit?", "What would change with a later deadline?"];
}
