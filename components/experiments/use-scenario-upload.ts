"use client";
// The uploaded scenario lives outside the form values: it is file contents, read when chosen.
import { useState } from "react";
import { readText, scenarioPathFor } from "./upload-files";
import type { ScenarioUpload } from "./experiment-form-types";

/** The uploaded scenario (null until a JSON file is chosen) and the two file inputs' handlers. */
export function useScenarioUpload() {
  const [upload, setUpload] = useState<ScenarioUpload | null>(null);
  const onScenarioFile = async (file: File | undefined) => {
    if (!file) return setUpload(null);
    const json = await readText(file);
    // CSV files chosen before the JSON are matched again against the paths the new JSON names.
    setUpload((u) => ({
      fileName: file.name,
      json,
      files: (u?.files ?? []).map((f) => ({ ...f, path: scenarioPathFor(f.path.split("/").pop() ?? f.path, json) })),
    }));
  };
  const onCsvFiles = async (list: FileList | null) => {
    const files = await Promise.all([...(list ?? [])].map(async (f) => ({ path: scenarioPathFor(f.name, upload?.json ?? null), content: await readText(f) })));
    setUpload((u) => (u ? { ...u, files } : u));
  };
  return { upload, onScenarioFile, onCsvFiles };
}
