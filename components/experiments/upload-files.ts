// Reading uploaded files in the browser and matching each CSV to the path the scenario names it by.

/** A file's text. */
export const readText = (file: File) => file.text();

/** Every string in a JSON document. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * The key an uploaded CSV is stored under: the path the scenario uses for it ("pods.csv" uploaded
 * for a scenario naming "traces/pods.csv" becomes "traces/pods.csv"), else the file's own name.
 */
export function scenarioPathFor(fileName: string, scenarioJson: string | null): string {
  if (!scenarioJson) return fileName;
  let doc: unknown;
  try {
    doc = JSON.parse(scenarioJson);
  } catch {
    return fileName;
  }
  return strings(doc).find((s) => s === fileName || s.endsWith(`/${fileName}`)) ?? fileName;
}
