/**
 * The identity of the engine build that makes decisions: the engine's declared version plus a
 * content hash of its source files (`server/engine/**`, tests excluded), e.g. `1.0.0+3f9a0c12b7e4`.
 * Stored with each decision's inputs so `replay` can tell "the engine changed since this decision"
 * from a record that no longer reproduces on the engine that made it. Computed once per process,
 * outside the engine (which reads no files).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ENGINE_VERSION } from "../engine";

/** Source files whose content defines what the engine decides (tests and snapshots do not). */
function engineSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__snapshots__") files.push(...engineSources(path));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) files.push(path);
  }
  return files;
}

/** `VERSION+hash12` of the engine source under `engineDir`, or `VERSION+unknown` when the source is not on disk. */
export function engineBuildOf(engineDir: string): string {
  if (!existsSync(engineDir)) return `${ENGINE_VERSION}+unknown`;
  const hash = createHash("sha256");
  for (const file of engineSources(engineDir).sort()) {
    // Path and content, separated so two files cannot run together into a third's hash.
    hash.update(`${relative(engineDir, file).split("\\").join("/")}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return `${ENGINE_VERSION}+${hash.digest("hex").slice(0, 12)}`;
}

/**
 * Hashed when this module loads, which is when its importers (the scheduling cycle, the demo seed,
 * replay) load the engine itself: hashing later would name source edited after the running code was
 * loaded (a worker that ran for an hour while the engine was changed on disk).
 */
const loadedBuild = engineBuildOf(join(process.cwd(), "server", "engine"));

/** The engine build of this process: the engine source as it was when the process loaded it. */
export function engineBuild(): string {
  return loadedBuild;
}
