/**
 * Names of scenario files as the browser sends them. Uploaded CSV files are looked up by the path a
 * scenario writes, so a name must be a plain relative path: no `..` step out of the folder, no
 * absolute path (`/etc/passwd`, `C:\x`), and no segment that is a property every JavaScript object
 * inherits (`__proto__`, `constructor`, `prototype`), which would otherwise answer a map lookup
 * with something that is not an uploaded file.
 */
import { safeString } from "./safe-input";

/** Property names every object has, refused as file names. */
const INHERITED_NAMES = new Set(["__proto__", "constructor", "prototype"]);

/** Why a file name is refused, or null when it is a plain relative path. */
export function scenarioFileNameProblem(name: string): string | null {
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name)) return "must be a relative path, not an absolute one";
  const segments = name.split(/[/\\]/);
  if (segments.some((s) => s === "..")) return `must not step out of its folder with ".."`;
  if (segments.some((s) => INHERITED_NAMES.has(s))) return `must not be named "__proto__", "constructor" or "prototype"`;
  return null;
}

/** A scenario or CSV file name field: safe text, trimmed, a plain relative path. */
export function scenarioFileName(label: string, max: number) {
  return safeString(label, max)
    .trim()
    .superRefine((name, ctx) => {
      const problem = scenarioFileNameProblem(name);
      // The message quotes the name (shortened) so the user sees which file is meant.
      if (problem) ctx.addIssue({ code: "custom", message: `${label} ${JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)} ${problem}.` });
    });
}
