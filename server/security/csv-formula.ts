/**
 * Spreadsheet formula injection: a CSV cell starting with `=`, `+`, `-` or `@` (or a tab or carriage
 * return, which some spreadsheets skip before reading one of those) is run as a formula when the file
 * is opened, so a job named `=HYPERLINK(...)` could act in an operator's spreadsheet. Such text cells
 * get a leading apostrophe, as OWASP recommends; the spreadsheet shows the text as written.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text cell, prefixed with `'` when a spreadsheet would read it as a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
