/**
 * Where an experiment's scenario comes from and how it is turned into a simulator input: a shipped
 * example (`examples/scenario-*.json`, read from disk) or an uploaded scenario document with its
 * uploaded CSV files (kept in the experiment row, so a run never depends on the uploader's disk).
 * Both go through the one scenario loader (`server/sim-scenario`), up-front in the request and again
 * in the runner's thread.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SimInput } from "../engine";
import { loadScenario, parseScenarioJson, ScenarioError } from "../sim-scenario";
import { findUnstorableJson } from "../schemas/safe-input";
import { fieldError } from "../services/errors";
import type { StoredScenario } from "../repositories/stored-json";

const EXAMPLE_FILE = /^scenario-[A-Za-z0-9._-]+\.json$/;

/** The repository's root (the app, the runner and the tests all run from it). */
const root = () => process.cwd();

/** The shipped examples folder; relative paths in any scenario resolve against it. */
export const examplesDir = () => join(root(), "examples");

/** Folders an uploaded scenario may read on the server's disk (the shipped data and examples). */
const allowedRoots = () => [join(root(), "data"), examplesDir()];

/** The shipped example scenarios, alphabetically (the first is the headline example). */
export async function listExamples(): Promise<{ file: string; name: string; description: string | null }[]> {
  const files = (await readdir(examplesDir()).catch(() => [] as string[])).filter((f) => EXAMPLE_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const doc = await readExample(file).catch(() => null);
      const field = (key: string) =>
        doc && typeof doc === "object" && typeof (doc as Record<string, unknown>)[key] === "string" ? ((doc as Record<string, unknown>)[key] as string) : null;
      return { file, name: field("name") ?? file, description: field("description") };
    }),
  );
}

/** The parsed JSON of a shipped example; the name must be one of the listed files (no paths). */
export async function readExample(file: string): Promise<unknown> {
  if (!EXAMPLE_FILE.test(file)) throw fieldError("scenario.file", `"${file}" is not a shipped example (expected scenario-<name>.json).`);
  const text = await readFile(join(examplesDir(), file), "utf8").catch(() => {
    throw fieldError("scenario.file", `There is no shipped example named "${file}".`);
  });
  return JSON.parse(text) as unknown;
}

/**
 * Parses an uploaded scenario document, naming the upload when it is not JSON. The document is stored
 * as jsonb, which refuses `\u0000` and lone surrogate escapes, so those are refused here by path.
 */
export function parseUploadedDocument(fileName: string, text: string): unknown {
  let document: unknown;
  try {
    document = parseScenarioJson(text, fileName);
  } catch (error) {
    throw fieldError("scenario.json", (error as Error).message);
  }
  const at = findUnstorableJson(document);
  if (at)
    throw fieldError(
      "scenario.json",
      `${fileName}: the text at ${at} contains a character that cannot be stored (a NUL or an unpaired surrogate), or the document nests too deeply.`,
    );
  return document;
}

/** One sentence for a failed load or run (the loader's errors already name the field, file and line). */
export function scenarioProblem(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Resolves a stored scenario into the simulator's input through the scenario loader. An uploaded
 * scenario reads its own uploaded files, or files under the shipped data/ and examples/ folders,
 * nothing else on the server's disk.
 */
export function loadStoredScenario(stored: StoredScenario): Promise<SimInput> {
  if (stored.kind === "example") return loadScenario(stored.document, { baseDir: examplesDir() });
  // A map without a prototype: a scenario naming "constructor" finds no uploaded file, not Object's.
  const files = Object.assign(Object.create(null) as Record<string, string>, stored.files);
  return loadScenario(stored.document, { baseDir: examplesDir(), files, allowedRoots: allowedRoots() });
}

/** Loads a scenario for validation; a loader failure becomes BAD_REQUEST on the `scenario` field. */
export async function loadForValidation(stored: StoredScenario): Promise<SimInput> {
  try {
    return await loadStoredScenario(stored);
  } catch (error) {
    if (error instanceof ScenarioError) throw fieldError("scenario", `The scenario is invalid: ${error.message}`);
    throw error;
  }
}
