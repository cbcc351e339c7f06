// The answer length limit: a longer answer is cut at the last sentence end that fits (or at a word
// when no sentence fits), so the text shown is what was checked and never ends mid-number.

/** The text cut to at most `max` characters, at a sentence end where possible. */
export function capLength(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const head = trimmed.slice(0, max);
  const sentence = Math.max(head.lastIndexOf(". "), head.lastIndexOf(".\n"), head.lastIndexOf("! "), head.lastIndexOf("? "));
  if (sentence > max / 3) return head.slice(0, sentence + 1);
  const word = head.lastIndexOf(" ");
  return `${head.slice(0, word > 0 ? word : max)}…`;
}
